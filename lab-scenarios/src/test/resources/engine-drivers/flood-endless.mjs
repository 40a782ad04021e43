// Answers open with endless output and never a line end. It writes synchronously and never yields to Node's loop;
// Node's standard output is a non-blocking pipe, so a full pipe is tried again until the lab reads or ends it.
import { writeSync } from 'node:fs';
import { serve } from './hostile.mjs';

const chunk = Buffer.from('x'.repeat(64 * 1024));
serve({
  open() {
    for (;;) {
      try {
        writeSync(1, chunk);
      } catch (e) {
        if (e.code !== 'EAGAIN') {
          throw e;
        }
      }
    }
  },
});
