package dev.ecslab.ecs.races;

/**
 * Race-bug catalogue, entry 2 (buggy variant), after the Magma3D log's RwLock note: a read/write lock
 * that is not reentrant for readers and prefers writers (a reader waits while a writer waits). A
 * thread that holds the read lock and takes it again (a nested query) while a writer is waiting
 * waits for the writer, which waits for the first read to end: a deadlock. ecslab takes no lock on its
 * read path, so this is a model of the foreign lock, not a twin of an ecslab class. Public, in ecs's test
 * jar, for the modules that catch it (Lincheck's model checker and Fray both report the deadlock).
 */
public final class WriterPreferringLock {
    private int readers;
    private boolean writer;
    private int waitingWriters;

    public synchronized void lockRead() throws InterruptedException {
        while (writer || waitingWriters > 0) {
            wait();
        }
        readers++;
    }

    public synchronized void unlockRead() {
        readers--;
        notifyAll();
    }

    public synchronized void lockWrite() throws InterruptedException {
        waitingWriters++;
        while (writer || readers > 0) {
            wait();
        }
        waitingWriters--;
        writer = true;
    }

    public synchronized void unlockWrite() {
        writer = false;
        notifyAll();
    }
}
