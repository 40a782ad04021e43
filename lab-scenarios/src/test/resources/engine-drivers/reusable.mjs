// A well-behaved reusable driver that holds nothing: reset answers ok (the default answer).
import { CONTRACT, send, serve } from './hostile.mjs';

serve({
  hello(request) {
    send({ id: request.id, ok: true, protocol: 1, reusable: true, contract: CONTRACT });
    return true;
  },
});
