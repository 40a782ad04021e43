// Declares itself reusable, then never answers reset (and starts a child that would outlive it if the lab let it).
import { spawn } from 'node:child_process';
import { CONTRACT, send, serve } from './hostile.mjs';

serve({
  hello(request) {
    send({ id: request.id, ok: true, protocol: 1, reusable: true, contract: CONTRACT });
    return true;
  },
  reset() {
    spawn('sleep', ['1001'], { stdio: 'ignore' });
    return true;
  },
});
