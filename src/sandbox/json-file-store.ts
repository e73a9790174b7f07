/**
 * A JSON document on disk that survives restarts. Every change is a read-modify-write under a
 * per-file lock (shared by all stores of this process), and is written to a temporary file
 * that is then renamed over the old one, so a crash never leaves half a file and two racing
 * writes never lose an update.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

// Keyed by absolute path, so two sandboxes on the same directory still take turns.
const locks = new Map<string, Promise<unknown>>();
let temporaryCounter = 0;

function serialised<T>(path: string, task: () => Promise<T>): Promise<T> {
  const previous = locks.get(path) ?? Promise.resolve();
  const next = previous.then(task, task);
  const settled = next.catch(() => undefined);
  locks.set(path, settled);
  void settled.then(() => {
    if (locks.get(path) === settled) locks.delete(path);
  });
  return next;
}

export class JsonFileStore<T> {
  private readonly path: string;

  constructor(
    path: string,
    private readonly empty: () => T,
  ) {
    this.path = resolve(path);
  }

  private async load(): Promise<T> {
    try {
      return JSON.parse(await readFile(this.path, 'utf8')) as T;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return this.empty();
      throw error;
    }
  }

  /** The current document (waits for changes in progress). */
  read(): Promise<T> {
    return serialised(this.path, () => this.load());
  }

  /**
   * Applies a change and persists it. `change` mutates the document and returns the answer;
   * throwing from it aborts the change without writing.
   */
  update<R>(change: (document: T) => R): Promise<R> {
    return serialised(this.path, async () => {
      const document = await this.load();
      const answer = change(document);
      await mkdir(dirname(this.path), { recursive: true });
      temporaryCounter += 1;
      const temporary = `${this.path}.${process.pid}.${temporaryCounter}.tmp`;
      await writeFile(temporary, `${JSON.stringify(document, null, 2)}\n`, 'utf8');
      await rename(temporary, this.path);
      return answer;
    });
  }
}
