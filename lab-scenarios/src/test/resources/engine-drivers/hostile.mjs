// What the hostile drivers share: a driver that speaks protocol 1 correctly, reports nothing and holds nothing, until
// the one request where its own script misbehaves. Each hostile driver breaks the protocol in exactly one way, so
// that the lab's test can check the crash it records names that way.

import { createInterface } from 'node:readline';

const KINDS = ['ADDED', 'MUTATED', 'CHANGED', 'REMOVED'];

/** The contract every hostile driver declares unless its script changes it. */
export const CONTRACT = {
  id: 'hostile',
  name: 'hostile test driver',
  source: 'the lab\'s tests',
  components: KINDS,
  resources: KINDS,
  ownWrites: false,
  equalWritesCount: true,
  delayFrames: 0,
  features: ['RESOURCES', 'COMMANDS', 'PAUSES', 'LOOPS', 'BIG_WORLDS'],
};

export function send(answer) {
  process.stdout.write(JSON.stringify(answer) + '\n');
}

/**
 * Serves requests. `misbehave[op](request)` takes over the answer to that op: it returns true when it answered (or
 * chose never to), false to let the well-behaved answer go out.
 */
export function serve(misbehave = {}, contract = CONTRACT) {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  lines.on('line', (line) => {
    const request = JSON.parse(line);
    const own = misbehave[request.op];
    if (own && own(request)) {
      return;
    }
    const answer = { id: request.id, ok: true };
    if (request.op === 'hello') {
      answer.protocol = 1;
      answer.contract = contract;
    } else if (request.op === 'report') {
      answer.reported = [];
    } else if (request.op === 'state') {
      answer.entities = {};
      answer.resources = {};
    }
    send(answer);
    if (request.op === 'close') {
      process.exit(0);
    }
  });
}
