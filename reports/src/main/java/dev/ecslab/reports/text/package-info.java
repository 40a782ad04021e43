/**
 * Text from outside (names from files, plug-in ids, messages of the code under test) made safe for one
 * output format, so that no name can forge a line of the terminal or a cell of a Markdown table.
 */
package dev.ecslab.reports.text;
