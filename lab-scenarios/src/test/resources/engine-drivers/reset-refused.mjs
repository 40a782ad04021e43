// Declares itself reusable, then answers reset with ok:false.
import { CONTRACT, send, serve } from './hostile.mjs';

serve({
  hello(request) {
    send({ id: request.id, ok: true, protocol: 1, reusable: true, contract: CONTRACT });
    return true;
  },
  reset(request) {
    send({ id: request.id, ok: false, error: 'this engine cannot drop its world' });
    return true;
  },
});
