#!/usr/bin/env node
// koota: Removed(A) misses an entity that removed A and added it back before the query ran.
//
// koota's README: "The `Removed` modifier tracks all entities that have removed the specified traits or relations
// since the last time the query was run." Here `readded` removed A after the previous query ran, then added it back;
// it has removed A since then, so Removed(A) must name it (as it names `removed`, which did not add A back).
//
// Run: node removed-then-readded.mjs   (koota from the enclosing engines/koota/node_modules, or any install)
// Exit 0: koota answered as its README promises. Exit 1: the bug is present.
import { createWorld, trait, createRemoved } from 'koota';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const A = trait({ v: 0 });

const world = createWorld();
const Removed = createRemoved();

const readded = world.spawn(A({ v: 1 }));
const removed = world.spawn(A({ v: 1 }));
world.query(Removed(A));                   // the previous run of the query: from here on, what is removed counts

readded.remove(A);
readded.add(A({ v: 2 }));                  // back again before the query runs
removed.remove(A);

const answered = { 'Removed(A)': [...world.query(Removed(A))] };

console.log(`koota ${kootaVersion()}`);
console.log(`readded = ${readded}: removed A, then added it back; removed = ${removed}: removed A`);
process.exit(verdict(answered, { 'Removed(A)': [readded, removed] },
    'README: Removed tracks "all entities that have removed the specified traits ... since the last time the query'
    + ' was run"; both entities removed A since then'));

// ---- printing (no koota behaviour below) ----------------------------------------------------------------------

/** The installed koota's version, from its package.json. */
function kootaVersion() {
    try {
        const entry = createRequire(import.meta.url).resolve('koota');
        return JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')).version;
    } catch {
        return 'unknown';
    }
}

/**
 * Prints each query's answer beside the promised one and returns the exit code: 0 when every answer is the promised
 * one (the bug is fixed), 1 otherwise (the bug is present). Answers are compared as sorted lists of entity numbers.
 */
function verdict(answered, promised, promise) {
    let ok = true;
    for (const [query, got] of Object.entries(answered)) {
        const want = promised[query];
        const same = JSON.stringify([...got].map(Number).sort((x, y) => x - y))
            === JSON.stringify([...want].map(Number).sort((x, y) => x - y));
        ok &&= same;
        console.log(`  world.query(${query}) answered ${JSON.stringify(got.map(Number))}, promised`
            + ` ${JSON.stringify(want.map(Number))}${same ? '' : '   <-- differs'}`);
    }
    console.log(`promise: ${promise}`);
    console.log(ok ? 'FIXED: koota answered as its README promises (exit 0)' : 'BUG PRESENT: koota broke the promise (exit 1)');
    return ok ? 0 : 1;
}
