#!/usr/bin/env node
// koota: after 256 reuses of an entity slot, a new entity gets a destroyed entity's number, and Removed(A) loses
// the destroyed entity.
//
// koota's README ("Entity"): "Every entity is unique even if they have the same ID since they will have different
// generations. This makes automatic-recycling possible without reference errors." And "The `Removed` modifier tracks
// all entities that have removed the specified traits or relations since the last time the query was run. This
// includes entities that have been destroyed."
//
// The generation is 8 bits: here the 256th entity on one slot after `first` is `first` again, and since koota hands
// the number out again, Removed(A) cannot name the destroyed `first` any more.
//
// Run: node generation-wrap.mjs   (koota from the enclosing engines/koota/node_modules, or any install)
// Exit 0: koota answered as its README promises. Exit 1: the bug is present.
import { createWorld, trait, createRemoved } from 'koota';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const A = trait({ v: 0 });

const world = createWorld();
const Removed = createRemoved();
world.query(Removed(A));                   // the query exists and has run once

const first = world.spawn(A({ v: 1 }));
world.query(Removed(A));                   // drained: from here on, what is removed counts
first.destroy();                           // `first` removed A (destroyed)

for (let i = 0; i < 255; i++) world.spawn().destroy();   // the same slot, reused 255 times (entities without A)
const second = world.spawn(A({ v: 2 }));   // the slot's 257th entity

const removedAnswer = [...world.query(Removed(A))];
const answered = { 'Removed(A), entities other than the 255 without A': removedAnswer.filter((e) => e === first || e === second) };

console.log(`koota ${kootaVersion()}`);
console.log(`first = ${first} (id ${first.id()}, generation ${first.generation()}), destroyed;`
    + ` second = ${second} (id ${second.id()}, generation ${second.generation()}), alive with A`);
console.log(`  second === first: ${second === first}   (README: "Every entity is unique even if they have the same ID")`);
console.log(`  world.query(Removed(A)) answered ${removedAnswer.length} entities in all`
    + ' (the 255 entities without A are there too: see spawn-without-trait.mjs)');
const code = verdict(answered, { 'Removed(A), entities other than the 255 without A': [first] },
    'README: every entity is unique, and Removed tracks destroyed entities; `first` was destroyed after the previous'
    + ' query and must be named, `second` (alive, holding A, a different entity) must not');
process.exit(second === first ? 1 : code);

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
