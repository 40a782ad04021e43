/**
 * ecslab's one JSON reader: {@link dev.ecslab.ecs.json.JsonTree} parses a document into a tree that
 * knows the line, column and JSON path of every value, within the input limits, so that every reader of
 * user input (schedules, scenarios, replay files, recorded matrices) reports a problem as
 * {@code FILE (line L, column C, PATH): PROBLEM} ({@link dev.ecslab.ecs.json.JsonInputException}).
 * {@link dev.ecslab.ecs.json.RonTree} reads RON, as Rust's {@code ron} crate writes serde data, into the same
 * tree, valued as {@code serde_json} writes the same data, so that a reader of a JSON shape reads both.
 */
package dev.ecslab.ecs.json;
