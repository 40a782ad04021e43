/**
 * JMH benchmarks that put ecslab side by side with its practical limits (a hand-written loop over
 * arrays of the same component objects, and one over a primitive array per field, the limit of
 * columnar components) and two peer ECS libraries, Dominion and artemis-odb.
 *
 * <p>Every competitor sits behind one facade, {@link dev.ecslab.bench.EcsUnderTest}, chosen by the
 * factory enum {@link dev.ecslab.bench.Contender}, which each benchmark takes as a JMH {@code @Param},
 * so all competitors run in the same JMH run under the same JVM flags. {@code ContendersAgreeTest}
 * proves that they all compute the same positions, i.e. that they do the same work.
 *
 * <p>Build once, then run one benchmark class by name:
 * <pre>
 * mvn -B -q -pl benchmarks -am package -DskipTests
 * java -jar benchmarks/target/benchmarks.jar IterationBenchmark
 * java -jar benchmarks/target/benchmarks.jar SpawnBenchmark
 * java -jar benchmarks/target/benchmarks.jar AddRemoveBenchmark
 * </pre>
 */
package dev.ecslab.bench;
