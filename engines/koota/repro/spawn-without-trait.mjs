#!/usr/bin/env node
// koota: an entity spawned WITHOUT trait A is reported by Added(A), Removed(A) and Changed(A).
//
// koota's README: "The `Added` modifier tracks all entities that have added the specified traits or relations since
// the last time the query was run" (and the same words for `Removed` and `Changed`). Here no entity ever holds A, so
// every tracker of A must answer nothing.
//
// Run: node spawn-without-trait.mjs   (koota from the enclosing engines/koota/node_modules, or any install)
// Exit 0: koota answered as its README promises. Exit 1: the bug is present.
import { createWorld, trait, createAdded, createRemoved, createChanged } from 'koota';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const A = trait({ v: 0 });
const B = trait({ v: 0 });

const world = createWorld();
const Added = createAdded();
const Removed = createRemoved();
const Changed = createChanged();

// A system's queries exist from its first call on; call each once, while the world has no entity.
world.query(Added(A));
world.query(Removed(A));
world.query(Changed(A));

const withB = world.spawn(B({ v: 1 }));    // never holds A
const bare = world.spawn();                // holds nothing
const gone = world.spawn();                // holds nothing, then destroyed
gone.destroy();

const answered = {
    'Added(A)': [...world.query(Added(A))],
    'Removed(A)': [...world.query(Removed(A))],
    'Changed(A)': [...world.query(Changed(A))],
};

console.log(`koota ${kootaVersion()}`);
console.log(`spawned: withB = ${withB} (B only), bare = ${bare} (no trait), gone = ${gone} (no trait, destroyed);`
    + ' no entity ever held A');
process.exit(verdict(answered, { 'Added(A)': [], 'Removed(A)': [], 'Changed(A)': [] },
    'README: Added/Removed/Changed track "all entities that have added/removed/had ... change the specified traits'
    + ' ... since the last time the query was run"; no entity touched A, so each answers []'));

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
