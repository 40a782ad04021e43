// Answers open with the id of the request after it.
import { send, serve } from './hostile.mjs';

serve({
  open(request) {
    send({ id: request.id + 1, ok: true });
    return true;
  },
});
