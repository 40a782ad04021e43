/**
 * Component and resource types as one world registers them: dense ids, display names, and the storage
 * kind and value layout each type declares. Ids are never reused, and a type's storage kind never changes
 * once registered.
 */
package dev.ecslab.ecs.component;
