/**
 * Where one world keeps its data: archetypes and their tables, sparse sets, columns of references or of
 * primitive fields, and the resource slots. The entity allocator's locations always name the row each
 * entity's components are in.
 */
package dev.ecslab.ecs.storage;
