package dev.ecslab.bench;

/**
 * The practical limit of a columnar ECS: Position and Velocity as four primitive arrays
 * {@code x, y, dx, dy} filled in entity order and walked by index ({@code x[i] += dx[i];
 * y[i] += dy[i]}), the layout ecslab's columnar components keep per field, without a query, entity
 * ids or structural changes ({@link HandWrittenLoop}). Positions and the probe are read from the
 * arrays themselves.
 */
final class HandSoaUnderTest implements HandWrittenLoop {
    private float[] x = new float[0];
    private float[] y = new float[0];
    private float[] dx = new float[0];
    private float[] dy = new float[0];

    @Override
    public void spawn(int n) {
        float[] xs = new float[n];
        float[] ys = new float[n];
        float[] dxs = new float[n];
        float[] dys = new float[n];
        for (int i = 0; i < n; i++) {
            xs[i] = Workload.x(i);
            ys[i] = Workload.y(i);
            dxs[i] = Workload.dx(i);
            dys[i] = Workload.dy(i);
        }
        x = xs;
        y = ys;
        dx = dxs;
        dy = dys;
    }

    @Override
    public void move() {
        float[] x = this.x;
        float[] y = this.y;
        float[] dx = this.dx;
        float[] dy = this.dy;
        for (int i = 0; i < x.length; i++) {
            x[i] += dx[i];
            y[i] += dy[i];
        }
    }

    @Override
    public float probe() {
        return x[0];
    }

    @Override
    public float[] positions() {
        float[] xy = new float[2 * x.length];
        for (int i = 0; i < x.length; i++) {
            xy[2 * i] = x[i];
            xy[2 * i + 1] = y[i];
        }
        return xy;
    }

    @Override
    public void close() {
        x = y = dx = dy = new float[0];
    }
}
