/**
 * The JSON form of schedules: {@link dev.ecslab.ecs.schedule.json.ScheduleJson} reads a description of a
 * schedule (possibly of another engine, with data named by plain strings) into a
 * {@link dev.ecslab.ecs.schedule.json.LoadedSchedule} for compilation and ambiguity analysis, and writes
 * any schedule back to that form. Malformed input raises
 * {@link dev.ecslab.ecs.schedule.json.ScheduleJsonException} with the source location and JSON path.
 */
package dev.ecslab.ecs.schedule.json;
