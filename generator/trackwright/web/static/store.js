// trackwright's games on this device, in IndexedDB. Every change is one transaction (the game's
// new record and the record it replaced, for undo) that has committed before the page shows it;
// killing the tab at any moment loses nothing that was shown. Maps that are not built in are
// kept once, by their content hash, and games name them "sha256:<hash>".
"use strict";
(() => {
  const DB = "trackwright",
    VERSION = 2; // 2: the map editor's drafts
  let opened = null;

  function db() {
    if (!opened)
      opened = new Promise((resolve, reject) => {
        const req = indexedDB.open(DB, VERSION);
        req.onupgradeneeded = () => {
          const d = req.result;
          if (!d.objectStoreNames.contains("games")) d.createObjectStore("games", { keyPath: "id" });
          if (!d.objectStoreNames.contains("history"))
            d.createObjectStore("history", { keyPath: ["id", "seq"] });
          if (!d.objectStoreNames.contains("maps")) d.createObjectStore("maps", { keyPath: "sha256" });
          if (!d.objectStoreNames.contains("drafts")) d.createObjectStore("drafts", { keyPath: "id" });
        };
        req.onsuccess = () => {
          // A newer page (another tab) upgrading the database: this one lets it, and opens it
          // again on its next call.
          req.result.onversionchange = () => {
            req.result.close();
            opened = null;
          };
          resolve(req.result);
        };
        req.onerror = () => reject(req.error);
      });
    return opened;
  }

  // One transaction over some stores; resolves when it has committed (durable), not before.
  async function tx(stores, mode, work) {
    const d = await db();
    return new Promise((resolve, reject) => {
      const t = d.transaction(stores, mode, { durability: "strict" });
      let result;
      t.oncomplete = () => resolve(result);
      t.onerror = () => reject(t.error);
      t.onabort = () => reject(t.error || new Error("the change was not stored"));
      result = work(Object.fromEntries(stores.map((s) => [s, t.objectStore(s)])));
    });
  }
  function req(r) {
    return new Promise((resolve, reject) => {
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
  }

  const Store = {
    async games() {
      const list = await tx(["games"], "readonly", (s) => req(s.games.getAll()));
      return (await list).sort((a, b) => b.updated - a.updated);
    },
    async get(id) {
      return tx(["games"], "readonly", (s) => req(s.games.get(id))).then((r) => r);
    },
    async create(game) {
      await tx(["games"], "readwrite", (s) => {
        s.games.put(game);
      });
      return game;
    },
    // The game's new state, and what it replaced (undo steps back to it), in one transaction.
    async change(game, previous) {
      await tx(["games", "history"], "readwrite", (s) => {
        s.games.put(game);
        if (previous !== undefined) s.history.put({ id: game.id, seq: game.seq, record: previous });
      });
      return game;
    },
    // Step back one change: the record it replaced, or null when there is nothing to undo.
    async undo(game) {
      let back = null;
      await tx(["games", "history"], "readwrite", (s) => {
        const range = IDBKeyRange.bound([game.id, 0], [game.id, Infinity]);
        const cursor = s.history.openCursor(range, "prev");
        cursor.onsuccess = () => {
          const c = cursor.result;
          if (!c) return;
          back = c.value.record;
          c.delete();
          game.record = back;
          game.seq = c.value.seq - 1;
          game.updated = Date.now();
          game.pending = true;
          s.games.put(game);
        };
      });
      return back;
    },
    async remove(id) {
      await tx(["games", "history"], "readwrite", (s) => {
        s.games.delete(id);
        s.history.delete(IDBKeyRange.bound([id, 0], [id, Infinity]));
      });
    },
    async putMap(entry) {
      await tx(["maps"], "readwrite", (s) => {
        s.maps.put(entry);
      });
    },
    async maps() {
      return tx(["maps"], "readonly", (s) => req(s.maps.getAll())).then((r) => r);
    },
    async map(sha256) {
      return tx(["maps"], "readonly", (s) => req(s.maps.get(sha256))).then((r) => r);
    },
    // The map editor's drafts (editor.js): each {id, game, name, map, undo, redo, seq, ...},
    // written whole after every change.
    async drafts() {
      const list = await tx(["drafts"], "readonly", (s) => req(s.drafts.getAll()));
      return (await list).sort((a, b) => b.updated - a.updated);
    },
    async draft(id) {
      return tx(["drafts"], "readonly", (s) => req(s.drafts.get(id))).then((r) => r);
    },
    async putDraft(draft) {
      await tx(["drafts"], "readwrite", (s) => {
        s.drafts.put(draft);
      });
    },
    async removeDraft(id) {
      await tx(["drafts"], "readwrite", (s) => {
        s.drafts.delete(id);
      });
    },
  };
  window.TWStore = Store;
})();
