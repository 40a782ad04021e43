// Declares a filter kind the lab does not know.
import { CONTRACT, serve } from './hostile.mjs';

serve({}, { ...CONTRACT, components: ['ADDED', 'SOMETIMES'] });
