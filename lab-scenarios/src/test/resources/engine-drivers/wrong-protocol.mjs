// Answers hello with protocol version 2.
import { CONTRACT, send, serve } from './hostile.mjs';

serve({
  hello(request) {
    send({ id: request.id, ok: true, protocol: 2, contract: CONTRACT });
    return true;
  },
});
