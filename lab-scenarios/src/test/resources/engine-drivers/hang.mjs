// Never answers the first report: it stays alive and silent until the lab's run timeout ends it.
import { serve } from './hostile.mjs';

serve({
  report() {
    process.stderr.write('stuck in report\n');
    return true;
  },
});
