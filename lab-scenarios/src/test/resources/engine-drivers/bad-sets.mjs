// Declares sets as a semantics the lab does not know.
import { CONTRACT, serve } from './hostile.mjs';

serve({}, { ...CONTRACT, features: [...CONTRACT.features, 'SETS'], sets: 'SOMETIMES' });
