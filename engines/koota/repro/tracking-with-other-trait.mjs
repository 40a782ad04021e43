#!/usr/bin/env node
// koota: world.query(Added(A), B) misses an entity that added A before it held B; Changed(A), B and Removed(A), B
// do the same, and an entity that held B at the event, lost B before the query and regains it later is reported a
// run late.
//
// koota's README ("Query modifiers"): "The `Added` modifier tracks all entities that have added the specified traits
// or relations since the last time the query was run" (the same words for `Removed` and `Changed`), "By default all
// query parameters are combined with logical AND" and "All modifiers can be mixed together". So Added(A), B names
// the entities that added A since the query's previous run AND hold B now; in which order an entity got A and B does
// not enter into it.
//
// Run: node tracking-with-other-trait.mjs   (koota from the enclosing engines/koota/node_modules, or any install)
// Exit 0: koota answered as its README promises. Exit 1: the bug is present.
import { createWorld, trait, createAdded, createChanged, createRemoved } from 'koota';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const A = trait({ v: 0 });
const B = trait({ v: 0 });

const world = createWorld();
const Added = createAdded();
const Changed = createChanged();
const Removed = createRemoved();
const queries = { 'Added(A), B': [Added(A), B], 'Changed(A), B': [Changed(A), B], 'Removed(A), B': [Removed(A), B] };

// A system's queries exist from its first call on; call each once, while the world has no entity.
for (const q of Object.values(queries)) world.query(...q);

// Before the previous run.
const changedThenB = world.spawn(A({ v: 0 }));               // holds A, not B
const changedWithB = world.spawn(A({ v: 0 }), B({ v: 0 }));
const removedThenB = world.spawn(A({ v: 0 }));               // holds A, not B
const removedWithB = world.spawn(A({ v: 0 }), B({ v: 0 }));
const addedEarly = world.spawn(B({ v: 0 }), A({ v: 0 }));    // A added while holding B ...
addedEarly.remove(B);                                        // ... then B removed before the previous run
const changedEarly = world.spawn(A({ v: 0 }), B({ v: 0 }));
changedEarly.set(A, { v: 1 });                               // A changed while holding B ...
changedEarly.remove(B);                                      // ... then B removed before the previous run

for (const q of Object.values(queries)) world.query(...q);  // the previous run of each query

// Since the previous run.
const spawnedAB = world.spawn(A({ v: 1 }), B({ v: 1 }));     // A, then B
const spawnedBA = world.spawn(B({ v: 1 }), A({ v: 1 }));     // B, then A
const addedThenB = world.spawn(A({ v: 1 }));
addedThenB.add(B({ v: 1 }));
const bThenAdded = world.spawn(B({ v: 1 }));
bThenAdded.add(A({ v: 1 }));
changedThenB.set(A, { v: 1 });
changedThenB.add(B({ v: 1 }));
changedWithB.set(A, { v: 1 });
removedThenB.remove(A);
removedThenB.add(B({ v: 1 }));
removedWithB.remove(A);
addedEarly.add(B({ v: 1 }));                                 // only B came back since the previous run
changedEarly.add(B({ v: 1 }));                               // only B came back since the previous run

const answered = {};
for (const [name, q] of Object.entries(queries)) answered[name] = [...world.query(...q)];

console.log(`koota ${kootaVersion()}`);
console.log('since the previous run of the queries:');
for (const [e, what] of [
    [spawnedAB, 'world.spawn(A, B)'],
    [spawnedBA, 'world.spawn(B, A)'],
    [addedThenB, 'world.spawn(A), then add(B)'],
    [bThenAdded, 'world.spawn(B), then add(A)'],
    [changedThenB, 'held A: set(A), then add(B)'],
    [changedWithB, 'held A and B: set(A)'],
    [removedThenB, 'held A: remove(A), then add(B)'],
    [removedWithB, 'held A and B: remove(A)'],
    [addedEarly, 'add(B) only (before the previous run: added A while holding B, then removed B)'],
    [changedEarly, 'add(B) only (before the previous run: set(A) while holding B, then removed B)'],
]) console.log(`  ${String(e).padStart(2)}: ${what}`);
process.exit(verdict(answered, {
    'Added(A), B': [spawnedAB, spawnedBA, addedThenB, bThenAdded],
    'Changed(A), B': [changedThenB, changedWithB],
    'Removed(A), B': [removedThenB, removedWithB],
}, 'README: Added/Changed/Removed track "all entities that have added/had ... change/removed the specified traits'
    + ' ... since the last time the query was run", and "all query parameters are combined with logical AND": each'
    + ' query names the entities whose A event came since its previous run and that hold B now, in whichever order'
    + ' they got B'));

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
