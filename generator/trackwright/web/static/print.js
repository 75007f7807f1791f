// The Print page (#/print): the built-in kits as ready-to-print PDFs, put in the site by
// `trackwright site` with their list, print/index.json (trackwright.web.prints). For the
// language and paper chosen: each game's kits (one line each, opened with a tap), each kit's
// checklist first and its other files in the order the checklist lists them, each with what it
// is, its pages and its size; the files that are alternatives (one of them makes the board) are
// shown together as a choice. The PDFs come from the web host when a player taps one: the
// service worker keeps none of them (sw.js).
"use strict";
(() => {
  // Where Letter paper is the usual one (else A4), by the region of the phone's language.
  const LETTER = ["US", "CA", "MX", "PH", "CL", "CO", "VE", "PR"];
  const chosen = { lang: null, paper: null };
  // The kits open (by their folder): kept open when the language or the paper changes.
  const opened = new Set();

  function usualPaper(papers) {
    const kept = localStorage.getItem("tw-paper");
    if (papers.includes(kept)) return kept;
    const region = String(navigator.language || "").split("-")[1] || "";
    const paper = LETTER.includes(region.toUpperCase()) ? "letter" : "a4";
    return papers.includes(paper) ? paper : papers[0];
  }

  // A4 by its name, Letter in the interface's language.
  function paperName(paper) {
    return paper === "a4" ? "A4" : window.TW.t(`print.paper.${paper}`);
  }

  function megabytes(size) {
    const { t, I18N } = window.TW;
    const n = (size / 1e6).toLocaleString(I18N.lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return t("print.mb", { n });
  }

  function describe(kind) {
    const { t } = window.TW;
    const key = `print.kind.${kind}`;
    const text = t(key);
    return text === key ? t("print.kind.ck_other") : text;
  }

  // One file: its link (downloaded under a name that says which kit it is from), its pages and
  // size, and what it is.
  function fileItem(kit, file) {
    const { h, t } = window.TW;
    const name = `${kit.kit.replaceAll("/", "-")}-${kit.lang}-${file.name}`;
    return h(
      "li",
      { class: file.kind === "checklist" ? "print-file first" : "print-file", "data-kind": file.kind },
      file.kind === "checklist" ? h("strong", {}, `${t("print.start")} `) : "",
      h("a", { href: file.file, download: name, "data-file": file.file }, file.name),
      h(
        "span",
        { class: "small" },
        ` · ${t("print.pages", { count: file.pages })} · ${megabytes(file.size)}`,
      ),
      h("br"),
      h("span", { class: "small" }, describe(file.kind)),
    );
  }

  // A kit's files in order, the alternatives together where the first of them comes.
  function kitCard(kit) {
    const { h, t } = window.TW;
    const items = [];
    const choices = {};
    for (const file of kit.files) {
      if (!file.choice) {
        items.push(fileItem(kit, file));
        continue;
      }
      if (!choices[file.choice]) {
        choices[file.choice] = h("ul", { class: "print-choice-files" });
        items.push(
          h(
            "li",
            { class: "print-choice", "data-choice": file.choice },
            h("strong", {}, t(`print.choice.${file.choice}`)),
            choices[file.choice],
          ),
        );
      }
      choices[file.choice].append(fileItem(kit, file));
    }
    const open = opened.has(kit.kit);
    return h(
      "details",
      {
        class: "card print-kit",
        "data-kit": kit.kit,
        open,
        ontoggle: (ev) => (ev.target.open ? opened.add(kit.kit) : opened.delete(kit.kit)),
      },
      h(
        "summary",
        {},
        h("strong", {}, kit.map),
        h(
          "span",
          { class: "small" },
          ` · ${t("print.kit-size", { count: kit.files.length, size: megabytes(kit.size) })}`,
        ),
      ),
      h("ol", { class: "print-files" }, items),
    );
  }

  function picker(id, label, values, value, words, onchange) {
    const { h } = window.TW;
    return h(
      "label",
      {},
      label,
      h(
        "select",
        { id, onchange: (ev) => onchange(ev.target.value) },
        values.map((v) => h("option", { value: v, selected: v === value }, words(v))),
      ),
    );
  }

  function draw(main, index) {
    const { h, t, catalogue } = window.TW;
    const kits = index.kits.filter((k) => k.lang === chosen.lang && k.paper === chosen.paper);
    const games = catalogue.filter((g) => kits.some((k) => k.game === g.name));
    const redraw = (what) => (value) => {
      chosen[what] = value;
      if (what === "paper") localStorage.setItem("tw-paper", value);
      draw(main, index);
    };
    main.replaceChildren(
      h("h1", {}, t("print.title")),
      h("p", {}, t("print.intro")),
      h("p", { class: "small" }, t("print.online")),
      h(
        "div",
        { class: "row" },
        picker(
          "print-lang",
          t("print.lang"),
          index.langs,
          chosen.lang,
          (l) => t(`lang.${l}`),
          redraw("lang"),
        ),
        picker("print-paper", t("print.paper"), index.papers, chosen.paper, paperName, redraw("paper")),
      ),
      ...games.map((g) =>
        h(
          "section",
          { class: "print-game", "data-game": g.name },
          h("h2", {}, g.title),
          kits.filter((k) => k.game === g.name).map(kitCard),
        ),
      ),
    );
  }

  async function page(main) {
    const { h, t, I18N } = window.TW;
    document.getElementById("title").textContent = t("print.title");
    main.replaceChildren(h("p", {}, t("print.loading")));
    let index = null;
    try {
      const r = await fetch("print/index.json", { cache: "no-cache" });
      if (r.ok) index = await r.json();
      else if (r.status !== 404) throw new Error(String(r.status));
    } catch {
      main.replaceChildren(h("h1", {}, t("print.title")), h("p", {}, t("print.offline")));
      return;
    }
    if (!index?.kits?.length) {
      main.replaceChildren(h("h1", {}, t("print.title")), h("p", {}, t("print.none")));
      return;
    }
    if (!index.langs.includes(chosen.lang))
      chosen.lang = index.langs.includes(I18N.lang) ? I18N.lang : index.langs[0];
    if (!index.papers.includes(chosen.paper)) chosen.paper = usualPaper(index.papers);
    draw(main, index);
  }

  window.TWPrint = { page };
})();
