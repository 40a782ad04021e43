// Answers correctly until a system's run begins, then exits with code 7 without answering.
import { serve } from './hostile.mjs';

serve({
  beginRun() {
    process.stderr.write('segmentation fault in the engine\n');
    process.exit(7);
  },
});
