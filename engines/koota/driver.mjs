#!/usr/bin/env node
// ecslab engine driver for koota (github pmndrs/koota), engine protocol version 1.
//
// The lab writes one JSON request per line on stdin; the driver answers each with one JSON line on stdout, in order,
// with the request's id and "ok". stderr is free text. The driver is reusable: after a run's "state" the lab may send
// "reset", which destroys the koota world (world.destroy(), which releases its world id for the next createWorld) and
// forgets every label, system and watch, so that the next run's "open" starts as in a fresh process; see README.md.
//
// What maps to what:
//   components A, B, S  -> koota traits holding { v: number }        (trait({ v: 0 }))
//   resources R, Q      -> koota world traits holding { v: number }  (world.add / world.set / world.remove)
//   watch ADDED         -> its own createAdded() tracker,   reported by world.query(Added(T))
//   watch MUTATED       -> its own createChanged() tracker, reported by world.query(Changed(T))
//   watch REMOVED       -> its own createRemoved() tracker, reported by world.query(Removed(T))
//   watch CHANGED       -> its own Added and Changed trackers, both queried, the union reported once per entity
//                          (KOOTA_CHANGED=or: the single query world.query(Or(Added(T), Changed(T))) instead)
//   "with": [B, ...]    -> the set's other traits as plain parameters of the same query: world.query(Added(T), B)
//   spawn               -> world.spawn(T({ v }), ...)
//   insert              -> entity.set(T, { v }) when the entity has T (a replacement), else entity.add(T({ v }))
//   remove / despawn    -> entity.remove(T) / entity.destroy()
//   write               -> entity.set(T, { v })   (koota's change-marking write)
import { createWorld, trait, createAdded, createChanged, createRemoved, Or } from 'koota';
import { createInterface } from 'node:readline';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const PROTOCOL = 1;

/** The installed koota's version, read from its own package.json (so the contract names what actually runs). */
function kootaVersion() {
    try {
        const entry = createRequire(import.meta.url).resolve('koota');      // .../node_modules/koota/dist/index.cjs
        return JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')).version;
    } catch (e) {
        process.stderr.write(`koota driver: cannot read koota's version: ${e}\n`);
        return 'unknown';
    }
}

const VERSION = kootaVersion();
const CHANGED_MODE = (process.env.KOOTA_CHANGED || 'union').toLowerCase();
if (CHANGED_MODE !== 'union' && CHANGED_MODE !== 'or') {
    process.stderr.write(`koota driver: KOOTA_CHANGED must be 'union' or 'or', was '${CHANGED_MODE}'\n`);
    process.exit(2);
}

const SOURCE = [
    `koota ${VERSION} from npm (package dist/index.js, built from github pmndrs/koota packages/core/src at the commit`
        + ' that bumped packages/publish/package.json to 0.6.6, 7d1329a).',
    'ADDED, MUTATED, REMOVED: koota\'s three tracking modifiers, one tracker per watch (README "Added", "Removed",'
        + ' "Changed": each tracks "since the last time the query was run", "a new instance of the modifier must be'
        + ' created for tracking to be unique"); world.query() of a tracking query returns its entities, clears them'
        + ' and resets their tracker bits (packages/core/src/query/query.ts, runQuery), so a query consumes its'
        + ' tracker and the window is the system\'s previous report.',
    'koota\'s Changed is the lab\'s MUTATED, not CHANGED: only entity.set() and entity.changed() mark a change'
        + ' (README "onChange triggers when an entity\'s trait value has been set with entity.set() or ... flagged with'
        + ' entity.changed()"; packages/core/src/trait/trait.ts, setTraitForTrait calls setChanged, addTraitToEntity'
        + ' does not), and an add event invalidates a Changed tracker (packages/core/src/query/utils/'
        + 'check-query-tracking.ts, "Add event invalidates Removed/Changed tracking").',
    CHANGED_MODE === 'union'
        ? 'CHANGED (added or mutated): koota has no single filter for it, so the driver queries an Added and a Changed'
            + ' tracker of the watch\'s own and reports the union, each entity once.'
        : 'CHANGED (added or mutated): the single query Or(Added(T), Changed(T)) with trackers of the watch\'s own'
            + ' (KOOTA_CHANGED=or); check-query-tracking.ts returns false for an add event on the Changed group, so'
            + ' this form is expected to miss additions.',
    'REMOVED is a set per tracker (a SparseSet of entities, packages/core/src/query/query.ts), not a list of'
        + ' removals; a re-add in the window drops the entity (check-query-tracking.ts cross-event invalidation).',
    'ownWrites: trackers record entity events without an author (packages/core/src/query/modifiers/changed.ts,'
        + ' markChanged), so a system sees its own writes at its next run.',
    'equalWritesCount: entity.set() marks a change without comparing values (trait.ts, setTraitForTrait:'
        + ' "triggerChanged && setChanged(...)"; triggerChanged defaults to true in'
        + ' packages/core/src/entity/entity-methods-patch.ts).',
    'delayFrames 0: trackers are updated synchronously inside add, remove and set (trait.ts addTraitToEntity,'
        + ' removeTraitFromEntity; changed.ts markChanged); koota has no frame boundary.',
    'RESOURCES without resource filters: world traits (README "World traits": "World traits do not appear in'
        + ' queries", so no tracker sees them).',
    'COMMANDS, PAUSES, LOOPS: structural changes are plain calls between runs; a tracker accumulates until its next'
        + ' query however many frames or iterations pass.',
    'SETS: a watch over a set of components is one query with the tracking modifier and the set\'s other traits as'
        + ' plain parameters, world.query(Added(A), B) (README "Query modifiers": "All modifiers can be mixed'
        + ' together", "By default all query parameters are combined with logical AND").',
    'BIG_WORLDS: entities are 32-bit numbers with a 20-bit index and an 8-bit generation'
        + ' (packages/core/src/entity/utils/pack-entity.ts; recycling in entity-index.ts, allocateEntity): the index'
        + ' space ends at 1,048,575 (index 0 is the world entity) and a slot\'s generation wraps after 256 reuses.',
].join(' ');

const CONTRACT = {
    id: 'koota',
    name: `koota ${VERSION}`,
    source: SOURCE,
    components: ['ADDED', 'MUTATED', 'CHANGED', 'REMOVED'],
    resources: [],
    ownWrites: true,
    equalWritesCount: true,
    delayFrames: 0,
    features: ['RESOURCES', 'COMMANDS', 'PAUSES', 'LOOPS', 'BIG_WORLDS', 'SETS'],
};

const COMPONENTS = { A: trait({ v: 0 }), B: trait({ v: 0 }), S: trait({ v: 0 }) };
const RESOURCES = { R: trait({ v: 0 }), Q: trait({ v: 0 }) };

/** An error the driver answers as ok:false, with the request that caused it named. */
class ProtocolError extends Error {}

function fail(message) {
    throw new ProtocolError(message);
}

// ---- the session -------------------------------------------------------------------------------------------------

let helloDone = false;
let world = null;
/** name -> [{ data, kind, trait, params: [[query parameter, ...] per query], union: boolean }] */
const systems = new Map();
/** label -> koota entity (a number), for live entities */
const entityOf = new Map();
/** The label the driver gives koota's world entity, which no request can name (labels are non-empty strings). */
const WORLD_ENTITY = '(the koota world entity)';
/** koota entity -> label, for live entities */
const labelOf = new Map();
/** koota entity -> label of the entity that last held that number and was despawned (a tracker may still name it) */
const deadLabelOf = new Map();
let running = null;
let closed = false;

function requireInt(req, field) {
    const v = req[field];
    if (!Number.isInteger(v)) fail(`"${field}" must be an integer, was ${JSON.stringify(v)}`);
    return v;
}

function requireString(req, field) {
    const v = req[field];
    if (typeof v !== 'string' || v.length === 0) fail(`"${field}" must be a non-empty string, was ${JSON.stringify(v)}`);
    return v;
}

function componentTrait(name) {
    const t = Object.hasOwn(COMPONENTS, name) ? COMPONENTS[name] : undefined;
    if (!t) fail(`unknown component ${JSON.stringify(name)} (the driver knows ${Object.keys(COMPONENTS).join(', ')})`);
    return t;
}

function resourceTrait(name) {
    const t = Object.hasOwn(RESOURCES, name) ? RESOURCES[name] : undefined;
    if (!t) fail(`unknown resource ${JSON.stringify(name)} (the driver knows ${Object.keys(RESOURCES).join(', ')})`);
    return t;
}

function requireWorld() {
    if (!world) fail('no world: "open" comes first');
}

function liveEntity(label) {
    const e = entityOf.get(label);
    if (e === undefined) fail(`entity ${JSON.stringify(label)} is not alive`);
    return e;
}

function valueOf(req) {
    return requireInt(req, 'value');
}

/** The label of a koota entity a tracking query yielded. */
function labelFor(entity, watch) {
    const live = labelOf.get(entity);
    const dead = deadLabelOf.get(entity);
    if (live !== undefined && dead !== undefined && watch.kind === 'REMOVED' && entity.has(watch.trait)) {
        // Only after a slot's 8-bit generation wrapped: the live holder has the trait and koota's add event drops an
        // entity from a Removed tracker, so the entry is the earlier, despawned holder's removal.
        return dead;
    }
    if (live !== undefined) return live;
    if (dead !== undefined) return dead;
    return `?koota-entity-${entity}`;                               // an entity the lab never named (not expected)
}

/**
 * koota's tracking modifiers made so far, by kind, in the order the watches took them. A tracker is a number from
 * a process-wide counter (tracking-cursor.ts, createTrackingId) whose state lives in each world (its snapshot and
 * masks, world.ts: init sets them for every tracker made so far, and destroy drops them), so a new world holds every
 * tracker fresh. The driver makes a tracker only when the run needs more than earlier runs did, and a reused process
 * runs its worlds with the trackers a fresh process would have made, instead of a counter that grows with each run
 * (every createWorld initialises every tracker ever made).
 */
const TRACKERS = { added: [createAdded], changed: [createChanged], removed: [createRemoved] };
const trackersTaken = { added: 0, changed: 0, removed: 0 };

function tracker(kind) {
    const [make, ...pool] = TRACKERS[kind];
    const i = trackersTaken[kind]++;
    if (i === pool.length) TRACKERS[kind].push(make());
    return TRACKERS[kind][i + 1];
}

function buildWatch(systemName, index, w) {
    if (w === null || typeof w !== 'object') fail(`system ${systemName} watch ${index}: not an object`);
    const data = requireString(w, 'data');
    const kind = requireString(w, 'kind');
    if (w.resource === true) {
        fail(`system ${systemName} watch ${index}: koota answers no filter for resources (world traits do not appear`
            + ' in queries); the contract declares none');
    }
    const t = componentTrait(data);
    // A watch over a set: the other traits are plain parameters of the same query, world.query(Added(A), B).
    const withSet = w.with ?? [];
    if (!Array.isArray(withSet)) fail(`system ${systemName} watch ${index}: "with" must be an array`);
    const others = withSet.map((d) => componentTrait(String(d)));
    if (others.length > 0 && kind === 'REMOVED') {
        fail(`system ${systemName} watch ${index}: a REMOVED watch has no set (the lab never sends one)`);
    }
    switch (kind) {
        case 'ADDED':
            return { data, kind, trait: t, params: [[tracker('added')(t), ...others]], union: false };
        case 'MUTATED':
            return { data, kind, trait: t, params: [[tracker('changed')(t), ...others]], union: false };
        case 'REMOVED':
            return { data, kind, trait: t, params: [[tracker('removed')(t)]], union: false };
        case 'CHANGED': {
            const added = tracker('added')(t);
            const changed = tracker('changed')(t);
            return CHANGED_MODE === 'or'
                ? { data, kind, trait: t, params: [[Or(added, changed), ...others]], union: false }
                : { data, kind, trait: t, params: [[added, ...others], [changed, ...others]], union: true };
        }
        default:
            return fail(`system ${systemName} watch ${index}: unknown kind ${JSON.stringify(kind)}`);
    }
}

const handlers = {
    hello(req) {
        const p = req.protocol;
        if (p !== PROTOCOL) fail(`this driver speaks protocol ${PROTOCOL}, was asked for ${JSON.stringify(p)}`);
        helloDone = true;
        return { protocol: PROTOCOL, reusable: true, contract: CONTRACT };
    },

    open(req) {
        if (world) fail('"open" was already called');
        if (!Array.isArray(req.systems)) fail('"systems" must be an array');
        const declared = new Map();
        for (const s of req.systems) {
            if (s === null || typeof s !== 'object') fail('a system must be an object');
            const name = requireString(s, 'name');
            if (declared.has(name)) fail(`system ${name} is declared twice`);
            if (!Array.isArray(s.watches)) fail(`system ${name}: "watches" must be an array`);
            declared.set(name, s.watches.map((w, i) => buildWatch(name, i, w)));
        }
        world = createWorld();
        // The world's own entity (it holds the world traits) is alive from the start; an entity number koota hands
        // out again while it is live must not pass as a new entity (see spawn).
        for (const e of world.entities) labelOf.set(e, WORLD_ENTITY);
        for (const [name, watches] of declared) {
            systems.set(name, watches);
            // Run every watch's query once, while the world has no entity: its query exists from the start, as a
            // koota system's query does after the system's first call (the answer is empty and is dropped).
            for (const w of watches) {
                for (const p of w.params) world.query(...p);
            }
        }
        return {};
    },

    spawn(req) {
        requireWorld();
        const label = requireString(req, 'entity');
        if (entityOf.has(label)) fail(`entity ${JSON.stringify(label)} is already alive`);
        const components = req.components ?? {};
        if (components === null || typeof components !== 'object' || Array.isArray(components)) {
            fail('"components" must be an object of component name to integer value');
        }
        const parts = [];
        for (const [name, v] of Object.entries(components)) {
            const t = componentTrait(name);
            if (!Number.isInteger(v)) fail(`component ${name}: value must be an integer, was ${JSON.stringify(v)}`);
            parts.push(t({ v }));
        }
        const e = world.spawn(...parts);
        const holder = labelOf.get(e);
        if (holder !== undefined) {
            // koota packs the index into 20 bits (pack-entity.ts): its 1,048,576th entity, counting the world's own,
            // wraps to index 0 and aliases a live one. The aliased entity is koota's; the driver keeps its label.
            fail(`koota returned entity ${e} for ${label}, which is the live entity ${holder}`
                + ' (its 20-bit entity index space is exhausted)');
        }
        entityOf.set(label, e);
        labelOf.set(e, label);
        return {};
    },

    insert(req) {
        requireWorld();
        const e = liveEntity(requireString(req, 'entity'));
        const t = componentTrait(requireString(req, 'component'));
        const v = valueOf(req);
        if (e.has(t)) e.set(t, { v });                               // entity.add() of a held trait is a no-op
        else e.add(t({ v }));
        return {};
    },

    remove(req) {
        requireWorld();
        const label = requireString(req, 'entity');
        const e = liveEntity(label);
        const name = requireString(req, 'component');
        const t = componentTrait(name);
        if (!e.has(t)) fail(`entity ${label} has no ${name}`);
        e.remove(t);
        return {};
    },

    despawn(req) {
        requireWorld();
        const label = requireString(req, 'entity');
        const e = liveEntity(label);
        e.destroy();
        entityOf.delete(label);
        labelOf.delete(e);
        deadLabelOf.set(e, label);
        return {};
    },

    insertResource(req) {
        requireWorld();
        const t = resourceTrait(requireString(req, 'resource'));
        const v = valueOf(req);
        if (world.has(t)) world.set(t, { v });
        else world.add(t({ v }));
        return {};
    },

    removeResource(req) {
        requireWorld();
        const name = requireString(req, 'resource');
        const t = resourceTrait(name);
        if (!world.has(t)) fail(`the world holds no resource ${name}`);
        world.remove(t);
        return {};
    },

    beginRun(req) {
        requireWorld();
        const name = requireString(req, 'system');
        requireInt(req, 'frame');
        if (!systems.has(name)) fail(`unknown system ${JSON.stringify(name)}`);
        if (running !== null) fail(`system ${running} is still running`);
        running = name;
        return {};
    },

    report(req) {
        requireWorld();
        const name = requireString(req, 'system');
        if (running !== name) fail(`system ${name} is not running${running === null ? '' : ` (${running} is)`}`);
        const index = requireInt(req, 'watch');
        const watches = systems.get(name);
        if (index < 0 || index >= watches.length) fail(`system ${name} has no watch ${index}`);
        const w = watches[index];
        const reported = [];
        if (w.union) {
            const seen = new Set();
            for (const p of w.params) {
                for (const e of world.query(...p)) {
                    if (!seen.has(e)) {
                        seen.add(e);
                        reported.push(labelFor(e, w));
                    }
                }
            }
        } else {
            for (const e of world.query(...w.params[0])) reported.push(labelFor(e, w));
        }
        return { reported };
    },

    write(req) {
        requireWorld();
        if (running === null) fail('a write comes from a running system; none is running');
        const label = requireString(req, 'entity');
        const e = liveEntity(label);
        const name = requireString(req, 'component');
        const t = componentTrait(name);
        const v = valueOf(req);
        if (!e.has(t)) fail(`entity ${label} has no ${name} to write`);
        e.set(t, { v });
        return {};
    },

    writeResource(req) {
        requireWorld();
        if (running === null) fail('a write comes from a running system; none is running');
        const name = requireString(req, 'resource');
        const t = resourceTrait(name);
        const v = valueOf(req);
        if (!world.has(t)) fail(`the world holds no resource ${name} to write`);
        world.set(t, { v });
        return {};
    },

    endRun(req) {
        requireWorld();
        const name = requireString(req, 'system');
        if (running !== name) fail(`system ${name} is not running${running === null ? '' : ` (${running} is)`}`);
        running = null;
        return {};
    },

    endFrame(req) {
        requireWorld();
        requireInt(req, 'frame');
        if (running !== null) fail(`frame ends while system ${running} is running`);
        return {};
    },

    state() {
        requireWorld();
        const entities = {};
        for (const [label, e] of entityOf) {
            if (!world.has(e)) fail(`koota no longer holds entity ${label} (${e})`);
            const comps = {};
            for (const [name, t] of Object.entries(COMPONENTS)) {
                if (e.has(t)) comps[name] = e.get(t).v;
            }
            entities[label] = comps;
        }
        const resources = {};
        for (const [name, t] of Object.entries(RESOURCES)) {
            if (world.has(t)) resources[name] = world.get(t).v;
        }
        return { entities, resources };
    },

    // The run is over: destroy the world and forget everything the run named; the next run starts with "open".
    reset() {
        if (world) world.destroy();
        world = null;
        systems.clear();
        entityOf.clear();
        labelOf.clear();
        deadLabelOf.clear();
        running = null;
        for (const kind of Object.keys(trackersTaken)) trackersTaken[kind] = 0;
        return {};
    },

    close() {
        closed = true;
        return {};
    },
};

// ---- the line protocol -------------------------------------------------------------------------------------------

function answer(obj) {
    process.stdout.write(JSON.stringify(obj) + '\n');
}

/** The id of a line that is not a valid request, when one can be read from it; null otherwise. */
function salvageId(line) {
    const m = /"id"\s*:\s*(-?\d+)/.exec(line);
    return m ? Number(m[1]) : null;
}

function handle(line) {
    let req;
    try {
        req = JSON.parse(line);
    } catch (e) {
        return { id: salvageId(line), ok: false, error: `malformed request (not JSON): ${e.message}` };
    }
    if (req === null || typeof req !== 'object' || Array.isArray(req)) {
        return { id: null, ok: false, error: 'malformed request: not a JSON object' };
    }
    const id = Number.isInteger(req.id) ? req.id : null;
    if (id === null) return { id: null, ok: false, error: 'malformed request: "id" must be an integer' };
    const op = req.op;
    if (typeof op !== 'string' || !Object.hasOwn(handlers, op)) {
        return { id, ok: false, error: `unknown op ${JSON.stringify(op)}` };
    }
    if (!helloDone && op !== 'hello' && op !== 'close') {
        return { id, ok: false, error: `"hello" comes first (was "${op}")` };
    }
    try {
        return { id, ok: true, ...handlers[op](req) };
    } catch (e) {
        const text = e instanceof ProtocolError ? e.message : `koota failed in ${op}: ${e && e.stack ? e.stack : e}`;
        if (!(e instanceof ProtocolError)) process.stderr.write(`koota driver: ${text}\n`);
        return { id, ok: false, error: e instanceof ProtocolError ? text : String(e && e.message ? e.message : e) };
    }
}

// The lab gone (its end of stdout closed, say after a timeout): nothing is left to answer.
process.stdout.on('error', (e) => {
    process.stderr.write(`koota driver: stdout failed (${e.code || e.message}); exiting\n`);
    process.exit(e.code === 'EPIPE' ? 0 : 1);
});

const input = createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
input.on('line', (raw) => {
    if (closed) return;                                             // nothing is read after "close"
    const line = raw.trim();
    if (line.length === 0) return;                                  // blank lines are not requests
    answer(handle(line));
    if (closed) {
        input.close();
        process.stdout.write('', () => process.exit(0));
    }
});
input.on('close', () => {
    if (!closed) {
        process.stderr.write('koota driver: stdin ended without "close"\n');
        process.stdout.write('', () => process.exit(0));
    }
});
