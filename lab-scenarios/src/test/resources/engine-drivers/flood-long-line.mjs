// Answers open with one line of 2 MiB, then stays silent.
import { serve } from './hostile.mjs';

serve({
  open() {
    process.stdout.write('y'.repeat(2 * 1024 * 1024) + '\n');
    return true;
  },
});
