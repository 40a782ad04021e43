/**
 * ecslab's one JSON reader: {@link dev.ecslab.ecs.json.JsonTree} parses a document into a tree that
 * knows the line, column and JSON path of every value, within the input limits, so that every reader of
 * user input (schedules, scenarios, replay files, recorded matrices) reports a problem as
 * {@code FILE (line L, column C, PATH): PROBLEM} ({@link dev.ecslab.ecs.json.JsonInputException}).
 */
package dev.ecslab.ecs.json;
