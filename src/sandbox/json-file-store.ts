/**
 * A JSON document on disk that survives restarts and is shared by every process that opens the
 * same file (B's chain and C's configs and licensees; tests and tools run several sandboxes over
 * one data directory). Every change is a read-modify-write under a cross-process lock file: the
 * file is re-read inside the lock, so a change always applies to the latest acknowledged state,
 * and it is written to a temporary file renamed over the old one, so a crash never leaves half
 * a document. A change resolves only once its rename is done: an acknowledged change is on disk.
 */
import { mkdir, readdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { withFileLock } from './file-lock.js';
import { unlessMissing } from './missing-file.js';

// Changes of one process queue here first, so they do not poll the lock file against each other.
const queues = new Map<string, Promise<unknown>>();
let temporaryCounter = 0;

function queued<T>(path: string, task: () => Promise<T>): Promise<T> {
  const previous = queues.get(path) ?? Promise.resolve();
  const next = previous.then(task, task);
  const settled = next.catch(() => undefined);
  queues.set(path, settled);
  void settled.then(() => {
    if (queues.get(path) === settled) queues.delete(path);
  });
  return next;
}

const readIfPresent = (path: string): Promise<string | undefined> => unlessMissing(() => readFile(path, 'utf8'));
const readdirIfPresent = (path: string): Promise<string[] | undefined> => unlessMissing(() => readdir(path));

export class JsonFileStore<T> {
  private readonly path: string;
  private readonly lockPath: string;
  /** Settles once the temporary files a crashed writer left are gone. */
  private readonly opened: Promise<void>;

  /** `empty` is the document while the file does not exist; the first change writes it. */
  constructor(
    path: string,
    private readonly empty: () => T,
  ) {
    this.path = resolve(path);
    this.lockPath = `${this.path}.lock`;
    this.opened = this.removeLeftovers();
  }

  /** The latest acknowledged document (renames are atomic, so no lock is needed to read). */
  async read(): Promise<T> {
    const text = await readIfPresent(this.path);
    return text === undefined ? this.empty() : (JSON.parse(text) as T);
  }

  /**
   * Applies a change and persists it. `change` mutates the document and returns the answer;
   * throwing from it aborts the change without writing. Nothing is written if nothing changed.
   */
  update<R>(change: (document: T) => R): Promise<R> {
    return queued(this.path, async () => {
      await this.opened;
      await mkdir(dirname(this.path), { recursive: true });
      return withFileLock(this.lockPath, async () => {
        const before = await readIfPresent(this.path);
        const document = before === undefined ? this.empty() : (JSON.parse(before) as T);
        const answer = change(document);
        const after = `${JSON.stringify(document, null, 2)}\n`;
        if (after !== before) await this.replace(after);
        return answer;
      });
    });
  }

  private async replace(text: string): Promise<void> {
    temporaryCounter += 1;
    const temporary = `${this.path}.${process.pid}.${temporaryCounter}.tmp`;
    await writeFile(temporary, text, 'utf8');
    await rename(temporary, this.path);
  }

  private temporaryFiles(names: readonly string[]): string[] {
    const prefix = `${basename(this.path)}.`;
    return names.filter((name) => name.startsWith(prefix) && name.endsWith('.tmp'));
  }

  /**
   * Temporary files are only written under the lock, so any found while holding it were left by
   * a writer that crashed. The lock is taken only when there is something to remove. Leftovers
   * harm nothing but disk space, so failing to remove them is reported, not thrown.
   */
  private async removeLeftovers(): Promise<void> {
    const folder = dirname(this.path);
    const list = async (): Promise<string[]> => this.temporaryFiles((await readdirIfPresent(folder)) ?? []);
    try {
      if ((await list()).length === 0) return;
      await withFileLock(this.lockPath, async () => {
        await Promise.all((await list()).map((name) => unlink(join(folder, name))));
      });
    } catch (error) {
      console.error(`[sandbox] could not remove temporary files next to ${this.path}:`, error);
    }
  }
}
