/**
 * Files that editors and other tools write beside the file they save, none of which a build reads:
 * the dev server's watcher must never start a build for one. Each kind names what writes it, and
 * makes the file's name from the name of the file being saved.
 */
export interface ScratchKind {
  /** What writes it, for a test's name. */
  writer: string;
  name: (saved: string) => string;
  /** Written as a symbolic link to nowhere, as Emacs writes its lock. */
  link?: boolean;
}

export const SCRATCH_KINDS: readonly ScratchKind[] = [
  { writer: 'vim\'s swap file', name: (saved) => `.${saved}.swp` },
  { writer: 'vim\'s test that the folder can be written', name: () => '4913' },
  { writer: 'a backup (vim, Emacs)', name: (saved) => `${saved}~` },
  { writer: 'Emacs\'s lock', name: (saved) => `.#${saved}`, link: true },
  { writer: 'sed -i\'s temporary file', name: () => 'sedPTbqPw' },
  { writer: 'a temporary *.tmp file', name: (saved) => `${saved}.tmp` },
  { writer: 'JetBrains\' safe write', name: (saved) => `${saved}___jb_tmp___` },
  { writer: 'macOS Finder\'s .DS_Store', name: () => '.DS_Store' },
  { writer: 'an extensionless file', name: () => 'NOTES' },
];
