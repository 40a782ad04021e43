// A driver that declares itself reusable and lies about it: `reset` answers ok but forgets nothing. Its end state
// is right for the first run it serves and holds the earlier runs' entities and resources in every later one. It
// reports nothing.
import { CONTRACT, send, serve } from './hostile.mjs';

const entities = new Map();       // label -> { component: value }, kept across reset
const resources = new Map();      // name -> value, kept across reset

serve({
  hello(request) {
    send({ id: request.id, ok: true, protocol: 1, reusable: true, contract: CONTRACT });
    return true;
  },
  spawn(request) {
    entities.set(request.entity, { ...request.components });
    return false;
  },
  insert(request) {
    entities.get(request.entity)[request.component] = request.value;
    return false;
  },
  write(request) {
    entities.get(request.entity)[request.component] = request.value;
    return false;
  },
  remove(request) {
    delete entities.get(request.entity)[request.component];
    return false;
  },
  despawn(request) {
    entities.delete(request.entity);
    return false;
  },
  insertResource(request) {
    resources.set(request.resource, request.value);
    return false;
  },
  writeResource(request) {
    resources.set(request.resource, request.value);
    return false;
  },
  removeResource(request) {
    resources.delete(request.resource);
    return false;
  },
  state(request) {
    const shown = Object.fromEntries([...entities].filter(([label]) => !label.startsWith('~pad')));
    send({ id: request.id, ok: true, entities: shown, resources: Object.fromEntries(resources) });
    return true;
  },
});
