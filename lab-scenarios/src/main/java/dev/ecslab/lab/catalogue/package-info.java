/**
 * The named scenarios: the test plan of Bevy PR #1471 (change detection) and Bevy's later change-detection bugs,
 * each crossed with components and resources.
 */
package dev.ecslab.lab.catalogue;
