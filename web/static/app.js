/* onrecord: progressive enhancements only; every page works without this file.
 * - "Copy citation" buttons (shown only when this script runs) copy their
 *   data-citation attribute to the clipboard; the note saying their links
 *   are site-relative (no public_url) is shown with them.
 * - Keyboard: "/" focuses the search box, "j"/"k" move between results.
 * - Facets: one Tab stop per value (its link); the value's exclude and
 *   profile links leave the Tab order and answer "x" and "p" instead
 *   (without this script they stay Tab stops).
 * - The speaker/institution lists filter as you type.
 * - A long article is sent in windows; a link to /doc/<id>#pN for a
 *   paragraph outside the window shown reloads with ?p=N, the window
 *   holding it (a fragment never reaches the server).
 * Loaded from /static under CSP default-src 'self': no inline code anywhere.
 */
(function () {
  "use strict";

  var NAV_ITEMS = ".hit .hit-title a, .entity-quote a.permalink";

  function announce(message) {
    var status = document.getElementById("copy-status");
    if (status) { status.textContent = ""; status.textContent = message; }
  }

  /* Fallback for browsers without the async clipboard API (or on plain
   * http, where it is unavailable): select a hidden textarea and copy. */
  function copyBySelection(text) {
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.className = "copy-buffer";
    document.body.appendChild(area);
    area.select();
    var ok = false;
    try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
    document.body.removeChild(area);
    return ok;
  }

  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text).then(
        function () { return true; },
        function () { return copyBySelection(text); });
    }
    return Promise.resolve(copyBySelection(text));
  }

  function flash(button, label) {
    var original = button.getAttribute("data-label") || button.textContent;
    button.setAttribute("data-label", original);
    button.textContent = label;
    button.classList.add("copied");
    window.setTimeout(function () {
      button.textContent = original;
      button.classList.remove("copied");
    }, 2000);
  }

  function setUpCopyButtons() {
    var buttons = document.querySelectorAll("button.copy-citation");
    // The note that copied links are site-relative matters only with buttons.
    Array.prototype.forEach.call(document.querySelectorAll(".citation-note"), function (note) {
      note.hidden = buttons.length === 0;
    });
    Array.prototype.forEach.call(buttons, function (button) {
      button.hidden = false;
      button.addEventListener("click", function () {
        var text = button.getAttribute("data-citation") || "";
        copyText(text).then(function (ok) {
          flash(button, ok ? "Copied" : "Copy failed");
          announce(ok ? "Citation copied to the clipboard." : "Could not copy; select the text instead.");
        });
      });
    });
  }

  function isTyping(target) {
    if (!target) { return false; }
    var tag = target.tagName;
    return target.isContentEditable || tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT";
  }

  function moveFocus(step) {
    var items = Array.prototype.slice.call(document.querySelectorAll(NAV_ITEMS));
    if (!items.length) { return; }
    var current = items.indexOf(document.activeElement);
    if (current === -1) {
      // Start from the item holding focus (e.g. a button inside a hit).
      items.forEach(function (item, i) {
        var box = item.closest(".hit, .entity-quote");
        if (box && box.contains(document.activeElement)) { current = i; }
      });
    }
    var next = current === -1 ? (step > 0 ? 0 : items.length - 1)
                              : Math.min(items.length - 1, Math.max(0, current + step));
    items[next].focus();
    var box = items[next].closest(".hit, .entity-quote");
    if (box && box.scrollIntoView) { box.scrollIntoView({block: "nearest"}); }
  }

  // A facet value's secondary controls, by the key that follows them
  // while the value's link has focus.
  var FACET_KEYS = [["x", "a.facet-exclude"], ["-", "a.facet-exclude"], ["p", "a.profile-link"]];
  var FACET_HINT = "On a value: Enter filters by it, x excludes it, p opens its page.";

  function facetControl(target, key) {
    if (!target.matches || !target.matches("li.facet-item > a.facet-link")) { return null; }
    for (var i = 0; i < FACET_KEYS.length; i += 1) {
      if (FACET_KEYS[i][0] === key) { return target.parentNode.querySelector(FACET_KEYS[i][1]); }
    }
    return null;
  }

  /* Take each value's exclude and profile links out of the Tab order (so
   * the facets cost one Tab per value on the way to the results), name
   * their keys on the value's link and show a hint while a value has focus. */
  function setUpFacetKeys() {
    var aside = document.querySelector("aside.facets");
    if (!aside) { return; }
    var keyed = 0;
    Array.prototype.forEach.call(aside.querySelectorAll("li.facet-item > a.facet-link"), function (link) {
      var keys = [];
      FACET_KEYS.forEach(function (pair) {
        var control = link.parentNode.querySelector(pair[1]);
        if (control) { control.tabIndex = -1; keys.push(pair[0]); }
      });
      if (!keys.length) { return; }
      link.setAttribute("aria-keyshortcuts", keys.join(" "));
      link.setAttribute("aria-describedby", "facet-keys");
      keyed += 1;
    });
    if (!keyed) { return; }
    var hint = document.createElement("p");
    hint.id = "facet-keys";
    hint.className = "facet-keys";
    hint.textContent = FACET_HINT;
    aside.insertBefore(hint, aside.firstChild);
  }

  function onKey(event) {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) {
      return;
    }
    var control = facetControl(event.target, event.key);
    if (control) {
      event.preventDefault();
      window.location.assign(control.href);
    } else if (event.key === "/") {
      var box = document.getElementById("q");
      if (box) { event.preventDefault(); box.focus(); box.select(); }
    } else if (event.key === "j") {
      moveFocus(1);
    } else if (event.key === "k") {
      moveFocus(-1);
    }
  }

  // Batch look-up: a chosen file is read into the names box (the form is a
  // GET, so nothing is uploaded); a .csv file ticks "use its first column".
  function setUpFileFill() {
    var input = document.querySelector("input[type=file][data-fills]");
    if (!input || !window.FileReader) { return; }
    var box = document.getElementById(input.getAttribute("data-fills"));
    var csvBox = document.getElementById(input.getAttribute("data-csv-box"));
    if (!box) { return; }
    input.closest(".lookup-file").hidden = false;
    input.addEventListener("change", function () {
      var file = input.files && input.files[0];
      if (!file) { return; }
      var reader = new FileReader();
      reader.onload = function () {
        box.value = String(reader.result || "");
        if (csvBox) { csvBox.checked = /\.csv$/i.test(file.name); }
        announce("Read " + file.name);
      };
      reader.readAsText(file);
    });
  }

  function followParagraphFragment() {
    var box = document.querySelector(".paragraphs[data-windowed]");
    var match = /^#p([0-9]{1,9})$/.exec(window.location.hash);
    if (!box || !match || document.getElementById("p" + match[1])) { return; }
    var url = new URL(window.location.href);
    if (url.searchParams.get("p") === match[1]) { return; }  // asked already: no such paragraph
    url.searchParams.set("p", match[1]);
    url.searchParams.delete("page");
    window.location.replace(url.toString());
  }

  function start() {
    followParagraphFragment();
    window.addEventListener("hashchange", followParagraphFragment);
    setUpCopyButtons();
    setUpFileFill();
    setUpFacetKeys();
    document.addEventListener("keydown", onKey);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
}());
