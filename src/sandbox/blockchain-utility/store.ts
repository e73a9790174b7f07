/**
 * Keeps the simulated chain in one JSON file. Every change runs through `update`, which queues
 * callers one after another (so two racing requests never lose an update), works on a copy (so
 * a failed change leaves nothing half done) and replaces the file atomically (write a temporary
 * file, then rename it over the old one). Before each change the file is re-read if another
 * process replaced it since (several test processes may share the default directory); writes
 * from two processes at the very same moment are not arbitrated.
 */
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ChainState } from './state.js';

const FILE_NAME = 'chain-state.json';

export class StateStore {
  private state: ChainState | undefined;
  private persisted = '';
  /** mtime and size of the file as this process last read or wrote it. */
  private seenStamp: string | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private temporaryCounter = 0;
  private readonly file: string;

  constructor(
    dataDir: string,
    private readonly initial: () => ChainState,
  ) {
    this.file = join(dataDir, FILE_NAME);
  }

  /** Runs `change` on a copy of the state after every earlier change; saves the copy if it changed. */
  update<T>(change: (state: ChainState) => T): Promise<T> {
    const run = this.queue.then(async () => {
      const draft = structuredClone(await this.load());
      const result = change(draft);
      await this.save(draft);
      return result;
    });
    // The queue continues after a failed change; the caller still sees the failure.
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async stamp(): Promise<string | undefined> {
    try {
      const info = await stat(this.file);
      return `${info.mtimeMs}:${info.size}`;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  private async load(): Promise<ChainState> {
    const stamp = await this.stamp();
    if (this.state && stamp === this.seenStamp) return this.state;
    if (stamp === undefined) {
      const fresh = this.initial();
      await this.save(fresh);
      return fresh;
    }
    const text = await readFile(this.file, 'utf8');
    this.state = JSON.parse(text) as ChainState;
    this.persisted = text;
    this.seenStamp = stamp;
    return this.state;
  }

  private async save(state: ChainState): Promise<void> {
    const text = `${JSON.stringify(state, null, 1)}\n`;
    this.state = state;
    if (text === this.persisted && this.seenStamp !== undefined) return;
    await mkdir(dirname(this.file), { recursive: true });
    this.temporaryCounter += 1;
    const temporary = `${this.file}.${process.pid}.${this.temporaryCounter}.tmp`;
    await writeFile(temporary, text, 'utf8');
    await rename(temporary, this.file);
    this.persisted = text;
    this.seenStamp = await this.stamp();
  }
}
