package dev.ecslab.concurrency.races;

/**
 * Race-bug catalogue, entry 2 (buggy variant), after the Magma3D log's RwLock note: a read/write lock
 * that is not reentrant for readers and prefers writers (a reader waits while a writer waits). A
 * thread that holds the read lock and takes it again (a nested query) while a writer is waiting
 * waits for the writer, which waits for the first read to end: a deadlock.
 */
final class WriterPreferringLock {
    private int readers;
    private boolean writer;
    private int waitingWriters;

    synchronized void lockRead() throws InterruptedException {
        while (writer || waitingWriters > 0) {
            wait();
        }
        readers++;
    }

    synchronized void unlockRead() {
        readers--;
        notifyAll();
    }

    synchronized void lockWrite() throws InterruptedException {
        waitingWriters++;
        while (writer || readers > 0) {
            wait();
        }
        waitingWriters--;
        writer = true;
    }

    synchronized void unlockWrite() {
        writer = false;
        notifyAll();
    }
}
