// Answers open with a line that is not JSON.
import { serve } from './hostile.mjs';

serve({
  open() {
    process.stdout.write('this is not json \u001b[31m at all\n');
    return true;
  },
});
