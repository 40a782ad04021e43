/**
 * The named scenarios: the change-detection seed's test plan and Bevy's later change-detection bugs,
 * each crossed with components and resources.
 */
package dev.ecslab.lab.catalogue;
