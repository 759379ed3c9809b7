// An empty module: what `server-only` is in a process that is the server (server-modules-hook.cjs).
