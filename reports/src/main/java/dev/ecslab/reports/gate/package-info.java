/**
 * The CI gate's verdict on one configuration, which gates everything the expected class promises and
 * nothing it does not, and that verdict as JUnit XML and as GitHub annotations.
 */
package dev.ecslab.reports.gate;
