// Answers hello, then stops reading its input: a large request fills the pipe and the lab's write blocks.
import { createInterface } from 'node:readline';
import { CONTRACT, send } from './hostile.mjs';

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.once('line', (line) => {
  const request = JSON.parse(line);
  send({ id: request.id, ok: true, protocol: 1, contract: CONTRACT });
  lines.pause();
  process.stdin.pause();
  process.stderr.write('no longer reading\n');
  setInterval(() => {}, 1 << 30);                  // a paused input holds no one: stay alive
});
