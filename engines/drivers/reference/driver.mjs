// The reference engine driver of ecslab's process protocol, version 1 (docs/engine-protocol.md).
//
// Why it exists: it is an in-memory engine with exact change detection, written in another language than the
// lab, so that the lab's process engine can be judged against an engine whose every report is right. A run of
// the catalogue through it must show no violation; any violation is a fault of the lab or of the protocol.
//
// What it promises (its contract below): each system sees the changes made since its previous run began
// (ownWrites false: never its own direct writes; changes made outside runs are the world's and reach every
// system), every write is a change (equalWritesCount true), with no delay. It is reusable: `reset` leaves it as a
// fresh process is, so the lab may run many scenarios in one process. No npm dependency: Node 20 alone.

import { createInterface } from 'node:readline';

const PROTOCOL = 1;
const KINDS = ['ADDED', 'MUTATED', 'CHANGED', 'REMOVED'];
const CONTRACT = {
  id: 'reference-js',
  name: 'ecslab reference driver 1',
  source: 'engines/drivers/reference/driver.mjs: each system sees the changes since its previous run began,'
    + ' none of its own direct writes; a removal makes the earlier additions and mutations of that entity\'s'
    + ' component unreportable; a watch over a set reports only the entities that hold every component of the'
    + ' set when the run begins',
  components: KINDS,
  resources: KINDS,
  ownWrites: false,
  equalWritesCount: true,
  delayFrames: 0,
  features: ['RESOURCES', 'COMMANDS', 'PAUSES', 'LOOPS', 'BIG_WORLDS', 'LATE_WATCHES', 'SETS'],
};

/** A refusal: the op is answered with ok:false and this text. */
class Refusal extends Error {}

/** The world and its change log: one entry per change, in the order the lab made them. */
const world = {};

/** Drops the whole world (systems, entities, resources, change log): the state of a fresh process. */
function fresh() {
  world.opened = false;
  world.systems = new Map();      // name -> { watches, seen (log position at its previous beginRun), answers }
  world.entities = new Map();     // label -> Map(component -> value)
  world.resources = new Map();    // name -> value
  world.log = [];                 // { author, data, resource, key, type }, from position `base`
  world.base = 0;
  world.running = null;           // the system whose run is open, or null
}
fresh();

function record(data, resource, key, type) {
  world.log.push({ author: world.running, data, resource, key, type });
}

function entity(label) {
  const e = world.entities.get(label);
  if (!e) {
    throw new Refusal(`entity ${label} is not alive`);
  }
  return e;
}

function int(request, field) {
  const v = request[field];
  if (!Number.isInteger(v)) {
    throw new Refusal(`field '${field}' must be an integer; was ${JSON.stringify(v)}`);
  }
  return v;
}

function text(request, field) {
  const v = request[field];
  if (typeof v !== 'string') {
    throw new Refusal(`field '${field}' must be a string; was ${JSON.stringify(v)}`);
  }
  return v;
}

function system(request) {
  const name = text(request, 'system');
  const s = world.systems.get(name);
  if (!s) {
    throw new Refusal(`no system ${name} was opened`);
  }
  return s;
}

function relevant(kind, type) {
  return kind === 'CHANGED' ? type !== 'REMOVED' : kind === type;
}

/**
 * What one watch of system `name` reports over the log entries `window`: for ADDED, MUTATED and CHANGED each key
 * with a matching change by another author that no later removal undid, once (for a watch over a set, only if the
 * entity holds every component of the set now); for a component's REMOVED one entry per removal; for a resource its
 * name when the filter holds.
 */
function answer(name, watch, window) {
  const removedList = watch.kind === 'REMOVED' && !watch.resource;
  const pending = new Set();
  const removals = [];
  for (const c of window) {
    if (c.data !== watch.data || c.resource !== watch.resource) {
      continue;
    }
    if (c.type === 'REMOVED' && watch.kind !== 'REMOVED') {
      pending.delete(c.key);                 // the query can no longer yield it; a re-add later counts afresh
      continue;
    }
    if (!relevant(watch.kind, c.type) || (!CONTRACT.ownWrites && c.author === name)) {
      continue;
    }
    if (removedList) {
      removals.push(c.key);
    } else {
      pending.add(c.key);
    }
  }
  if (removedList) {
    return removals;
  }
  if (watch.resource) {
    return pending.size > 0 ? [watch.data] : [];
  }
  // A watch over a set reports only the entities that hold every component of the set now, as the run starts.
  return [...pending].filter((key) => {
    const e = world.entities.get(key);
    return e !== undefined && watch.with.every((d) => e.has(d));
  });
}

/** Drops the log entries every system has seen. */
function trim() {
  let least = Infinity;
  for (const s of world.systems.values()) {
    least = Math.min(least, s.seen);
  }
  if (least === Infinity) {
    least = world.base + world.log.length;
  }
  const drop = least - world.base;
  if (drop > 1024 && drop * 2 > world.log.length) {
    world.log = world.log.slice(drop);
    world.base = least;
  }
}

const ops = {
  hello(request) {
    if (request.protocol !== PROTOCOL) {
      throw new Refusal(`this driver speaks protocol ${PROTOCOL}; the lab asked for ${JSON.stringify(request.protocol)}`);
    }
    // reusable: `reset` drops the whole world, so the lab may run its next scenario in this process
    return { protocol: PROTOCOL, reusable: true, contract: CONTRACT };
  },
  open(request) {
    if (world.opened) {
      throw new Refusal('open was already called');
    }
    if (!Array.isArray(request.systems)) {
      throw new Refusal("field 'systems' must be an array");
    }
    for (const s of request.systems) {
      const watches = (s.watches ?? []).map((w) => {
        if (!KINDS.includes(w.kind)) {
          throw new Refusal(`unknown watch kind ${JSON.stringify(w.kind)}`);
        }
        const withSet = w.with === undefined ? [] : w.with;
        if (!Array.isArray(withSet)) {
          throw new Refusal("field 'with' of a watch must be an array of component names");
        }
        return { data: String(w.data), kind: w.kind, resource: w.resource === true, with: withSet.map(String) };
      });
      world.systems.set(String(s.name), { watches, seen: world.base + world.log.length, answers: [] });
    }
    world.opened = true;
    return {};
  },
  spawn(request) {
    const label = text(request, 'entity');
    if (world.entities.has(label)) {
      throw new Refusal(`entity ${label} is already alive`);
    }
    const components = new Map();
    for (const [name, value] of Object.entries(request.components ?? {})) {
      if (!Number.isInteger(value)) {
        throw new Refusal(`component ${name} of ${label} must be an integer`);
      }
      components.set(name, value);
    }
    world.entities.set(label, components);
    for (const name of components.keys()) {
      record(name, false, label, 'ADDED');
    }
    return {};
  },
  insert(request) {
    const label = text(request, 'entity');
    const name = text(request, 'component');
    const e = entity(label);
    const had = e.has(name);
    e.set(name, int(request, 'value'));
    record(name, false, label, had ? 'MUTATED' : 'ADDED');
    return {};
  },
  remove(request) {
    const label = text(request, 'entity');
    const name = text(request, 'component');
    const e = entity(label);
    if (!e.has(name)) {
      throw new Refusal(`entity ${label} has no component ${name}`);
    }
    e.delete(name);
    record(name, false, label, 'REMOVED');
    return {};
  },
  despawn(request) {
    const label = text(request, 'entity');
    const e = entity(label);
    world.entities.delete(label);
    for (const name of e.keys()) {
      record(name, false, label, 'REMOVED');
    }
    return {};
  },
  insertResource(request) {
    const name = text(request, 'resource');
    const had = world.resources.has(name);
    world.resources.set(name, int(request, 'value'));
    record(name, true, name, had ? 'MUTATED' : 'ADDED');
    return {};
  },
  removeResource(request) {
    const name = text(request, 'resource');
    if (!world.resources.has(name)) {
      throw new Refusal(`the world holds no resource ${name}`);
    }
    world.resources.delete(name);
    record(name, true, name, 'REMOVED');
    return {};
  },
  beginRun(request) {
    const s = system(request);
    if (world.running !== null) {
      throw new Refusal(`system ${world.running} is still running`);
    }
    const name = request.system;
    const now = world.base + world.log.length;
    const window = world.log.slice(s.seen - world.base);
    s.answers = s.watches.map((w) => answer(name, w, window));
    s.seen = now;
    world.running = name;
    trim();
    return {};
  },
  report(request) {
    const s = system(request);
    if (world.running !== request.system) {
      throw new Refusal(`system ${request.system} is not running`);
    }
    const watch = int(request, 'watch');
    if (watch < 0 || watch >= s.answers.length) {
      throw new Refusal(`system ${request.system} has no watch ${watch}`);
    }
    return { reported: s.answers[watch] };
  },
  write(request) {
    const label = text(request, 'entity');
    const name = text(request, 'component');
    const e = entity(label);
    if (!e.has(name)) {
      throw new Refusal(`entity ${label} has no component ${name}`);
    }
    e.set(name, int(request, 'value'));
    record(name, false, label, 'MUTATED');
    return {};
  },
  writeResource(request) {
    const name = text(request, 'resource');
    if (!world.resources.has(name)) {
      throw new Refusal(`the world holds no resource ${name}`);
    }
    world.resources.set(name, int(request, 'value'));
    record(name, true, name, 'MUTATED');
    return {};
  },
  endRun(request) {
    if (world.running !== text(request, 'system')) {
      throw new Refusal(`system ${request.system} is not running`);
    }
    world.running = null;
    return {};
  },
  // A late watch needs nothing to start or stop: every report reads the change log over its system's window.
  openWatch() {
    return {};
  },
  closeWatch() {
    return {};
  },
  endFrame() {
    return {};
  },
  state() {
    const entities = {};
    for (const [label, components] of world.entities) {
      entities[label] = Object.fromEntries(components);
    }
    return { entities, resources: Object.fromEntries(world.resources) };
  },
  // The run is over: the next one starts with `open`, in a world as empty as a fresh process's.
  reset() {
    fresh();
    return {};
  },
  close() {
    return {};
  },
};

function send(answer) {
  process.stdout.write(JSON.stringify(answer) + '\n');
}

let expected = 1;
const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on('line', (line) => {
  let request;
  try {
    request = JSON.parse(line);
  } catch (e) {
    process.stderr.write(`not a JSON request: ${line.slice(0, 200)}\n`);
    process.exit(2);
  }
  const id = request.id;
  if (id !== expected) {
    process.stderr.write(`request id ${JSON.stringify(id)} out of order; expected ${expected}\n`);
    process.exit(2);
  }
  expected++;
  const op = ops[request.op];
  if (!op || (request.op !== 'hello' && id === 1) || (request.op === 'hello' && id !== 1)) {
    send({ id, ok: false, error: op ? `${request.op} out of place (hello comes first, once)` : `unknown op ${JSON.stringify(request.op)}` });
    return;
  }
  try {
    send({ id, ok: true, ...op(request) });
  } catch (e) {
    if (!(e instanceof Refusal)) {
      process.stderr.write(`${e.stack}\n`);
    }
    send({ id, ok: false, error: e.message });
  }
  if (request.op === 'close') {
    lines.close();
    process.exit(0);
  }
});
lines.on('close', () => process.exit(0));
