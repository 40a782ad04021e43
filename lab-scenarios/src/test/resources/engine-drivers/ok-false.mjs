// Refuses open with ok:false and an error text.
import { send, serve } from './hostile.mjs';

serve({
  open(request) {
    send({ id: request.id, ok: false, error: 'the engine cannot register system w: out of query slots' });
    return true;
  },
});
