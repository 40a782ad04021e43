#!/usr/bin/env node
// koota: a recycled entity (generation 1 or more) is reported again by Changed(A, B) when only A changed.
//
// koota's README: "The `Changed` modifier tracks all entities that have had the specified traits or relation stores
// change since the last time the query was run" and "When multiple traits are passed to `Changed` it uses logical
// `AND`. Only entities where **all** specified traits have changed will be returned."
//
// The same steps are run twice: on an entity of generation 0 (koota answers as promised) and on one whose slot was
// used before (generation 1), where the second query names the entity although B did not change since the first.
//
// Run: node recycled-entity-stale-tracking.mjs   (koota from the enclosing engines/koota/node_modules, or any install)
// Exit 0: koota answered as its README promises. Exit 1: the bug is present.
import { createWorld, trait, createChanged } from 'koota';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const A = trait({ v: 0 });
const B = trait({ v: 0 });

const answered = {};
const promised = {};
const lines = [];
for (const recycled of [false, true]) {
    const world = createWorld();
    const Changed = createChanged();
    if (recycled) world.spawn().destroy();          // the slot is used once before
    const e = world.spawn(A({ v: 0 }), B({ v: 0 }));
    world.query(Changed(A, B));                      // the query exists and has run once

    e.set(A, { v: 1 });
    e.set(B, { v: 1 });
    const first = [...world.query(Changed(A, B))];   // [e]: both changed
    e.set(A, { v: 2 });                              // only A changes now
    const second = [...world.query(Changed(A, B))];

    const which = `generation ${e.generation()} entity ${e}`;
    lines.push(`${which}: first query ${JSON.stringify(first.map(Number))}, second query`
        + ` ${JSON.stringify(second.map(Number))}`);
    answered[`Changed(A, B), second run, ${which}`] = second;
    promised[`Changed(A, B), second run, ${which}`] = [];
    world.destroy();
}

console.log(`koota ${kootaVersion()}`);
lines.forEach((l) => console.log(l));
process.exit(verdict(answered, promised,
    'README: Changed(A, B) returns "only entities where all specified traits have changed" "since the last time the'
    + ' query was run"; between the two queries only A changed, so the second answers []'));

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
