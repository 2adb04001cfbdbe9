// Parsnip's one small script. Everything works without it. It moves focus to the error summary for browsers
// that ignore `autofocus` on non-form elements, so screen readers hear the problem first, it makes the
// recipe editor's row buttons (add, remove, move up and down) act at once instead of sending the form, and it
// asks in the page before the recipe editor is left with changes that are not saved.
"use strict";

// The script's own words in the page's language: the layout puts the catalogue's `js.` messages in
// #parsnip-words. `say("js.password.show")` gives one; `{name}` in it is filled from `values`.
var parsnipWords = null;
function say(key, values) {
  if (parsnipWords === null) {
    var holder = document.getElementById("parsnip-words");
    try {
      parsnipWords = holder ? JSON.parse(holder.textContent) : {};
    } catch (error) {
      parsnipWords = {};
    }
  }
  var text = Object.prototype.hasOwnProperty.call(parsnipWords, key) ? parsnipWords[key] : key;
  return text.replace(/\{(\w+)\}/g, function (whole, name) {
    return values && Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole;
  });
}
document.addEventListener("DOMContentLoaded", function () {
  var summary = document.querySelector(".error-summary");
  if (summary && document.activeElement !== summary) {
    summary.focus();
  }
});

// After signing in again with a form on its way (the sign-in had ended when it was sent), send it at once:
// without the script, its one button does.
document.addEventListener("DOMContentLoaded", function () {
  var carried = document.querySelector("form[data-resubmit]");
  if (carried) {
    carried.submit();
  }
});

// Every password field gets a "Show" button that shows what was typed, and hides it again; without the script
// the fields stay hidden as browsers make them.
document.addEventListener("DOMContentLoaded", function () {
  document.querySelectorAll('input[type="password"]').forEach(function (input) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "password-toggle";
    button.textContent = say("js.password.show");
    button.setAttribute("aria-pressed", "false");
    var label = document.querySelector('label[for="' + input.id + '"]');
    var field = label ? label.textContent.trim().toLocaleLowerCase(document.documentElement.lang || undefined) : "";
    button.setAttribute(
      "aria-label",
      field ? say("js.password.showNamed", { field: field }) : say("js.password.showUnnamed")
    );
    button.addEventListener("click", function () {
      var showing = input.type === "text";
      input.type = showing ? "password" : "text";
      button.textContent = showing ? say("js.password.show") : say("js.password.hide");
      button.setAttribute("aria-pressed", showing ? "false" : "true");
    });
    input.insertAdjacentElement("afterend", button);
  });
  // A form sent with a password showing must not leave it showing in the page the browser keeps for Back.
  document.querySelectorAll("form").forEach(function (form) {
    form.addEventListener("submit", function () {
      form.querySelectorAll(".password-toggle").forEach(function (button) {
        var input = button.previousElementSibling;
        if (input && input.type === "text") button.click();
      });
    });
  });
});

(function () {
  // What a screen reader hears after a row button acted: "Ingredient 3 added", "Step moved up, now number 2" —
  // one whole message per section and action, so each language can word it its own way.
  function rowNews(section, action, number) {
    var values = { number: number };
    switch (section + " " + action) {
      case "ingredient added":
        return say("js.rows.ingredient.added", values);
      case "ingredient removed":
        return say("js.rows.ingredient.removed", values);
      case "ingredient up":
        return say("js.rows.ingredient.movedUp", values);
      case "ingredient down":
        return say("js.rows.ingredient.movedDown", values);
      case "step added":
        return say("js.rows.step.added", values);
      case "step removed":
        return say("js.rows.step.removed", values);
      case "step up":
        return say("js.rows.step.movedUp", values);
      case "step down":
        return say("js.rows.step.movedDown", values);
      case "side added":
        return say("js.rows.side.added", values);
      case "side removed":
        return say("js.rows.side.removed", values);
      case "side up":
        return say("js.rows.side.movedUp", values);
      case "side down":
        return say("js.rows.side.movedDown", values);
      case "nutrition added":
        return say("js.rows.nutrition.added", values);
      case "nutrition removed":
        return say("js.rows.nutrition.removed", values);
      case "nutrition up":
        return say("js.rows.nutrition.movedUp", values);
      case "nutrition down":
        return say("js.rows.nutrition.movedDown", values);
      default:
        return "";
    }
  }

  function rowsOf(list) {
    return Array.prototype.filter.call(list.children, function (element) {
      return element.hasAttribute("data-row");
    });
  }

  // A new row is a copy of the list's first row (the server always renders at least one), emptied: no typed
  // values, no error, no autofocus. renumber() then gives it its place.
  function blankRow(list) {
    var first = rowsOf(list)[0];
    if (!first) return null;
    var row = first.cloneNode(true);
    row.classList.remove("row-invalid");
    row.querySelectorAll(".row-error").forEach(function (error) {
      error.parentNode.removeChild(error);
    });
    row.querySelectorAll("input, textarea").forEach(function (input) {
      input.value = "";
      input.removeAttribute("value");
      if (input.tagName === "TEXTAREA") input.textContent = "";
      input.removeAttribute("aria-invalid");
      input.removeAttribute("aria-describedby");
    });
    row.querySelectorAll("[autofocus]").forEach(function (element) {
      element.removeAttribute("autofocus");
    });
    return row;
  }

  // Gives every row the names, ids, labels and button values of its place, as the server would render them,
  // so the form sends the rows in the order shown and each accessible name says the right number.
  function renumber(list) {
    var section = list.getAttribute("data-rows");
    var pattern = new RegExp("\\b" + section + "-\\d+", "g");
    rowsOf(list).forEach(function (row, index) {
      var replacement = section + "-" + index;
      row.querySelectorAll("[id], [name], [for], [aria-describedby]").forEach(function (element) {
        ["id", "name", "for", "aria-describedby"].forEach(function (attribute) {
          var value = element.getAttribute(attribute);
          if (value !== null) element.setAttribute(attribute, value.replace(pattern, replacement));
        });
        // A button's value names its row; an input's value attribute is what was typed, never touched.
        if (element.tagName === "BUTTON" && element.value) {
          element.value = element.value.replace(pattern, replacement);
        }
      });
      row.querySelectorAll("[data-row-number]").forEach(function (element) {
        element.textContent = String(index + 1);
      });
    });
    var add = document.querySelector('[data-add="' + section + '"]');
    if (add) add.disabled = rowsOf(list).length >= Number(list.getAttribute("data-limit"));
  }

  function focusFirstInput(row) {
    var input = row && row.querySelector("input, textarea");
    if (input) input.focus();
  }

  function announce(text) {
    var status = document.querySelector("[data-row-status]");
    if (!status) return;
    status.textContent = "";
    window.setTimeout(function () {
      status.textContent = text;
    }, 50);
  }

  function addRow(section) {
    var list = document.querySelector('[data-rows="' + section + '"]');
    var row = list ? blankRow(list) : null;
    if (!list || !row || rowsOf(list).length >= Number(list.getAttribute("data-limit"))) return;
    list.appendChild(row);
    renumber(list);
    focusFirstInput(row);
    announce(rowNews(section, "added", rowsOf(list).length));
  }

  function removeRow(row, list) {
    var section = list.getAttribute("data-rows");
    var index = rowsOf(list).indexOf(row);
    // A section always shows at least one row to type into, as the server renders it.
    var blank = rowsOf(list).length === 1 ? blankRow(list) : null;
    list.removeChild(row);
    if (blank) list.appendChild(blank);
    renumber(list);
    var rows = rowsOf(list);
    focusFirstInput(rows[Math.min(index, rows.length - 1)]);
    announce(rowNews(section, "removed", index + 1));
  }

  // Moves the neighbour rather than the row itself, so the pressed button keeps the focus.
  function moveRow(row, list, direction) {
    var section = list.getAttribute("data-rows");
    var rows = rowsOf(list);
    var index = rows.indexOf(row);
    if (direction === "up" && index > 0) {
      list.insertBefore(rows[index - 1], row.nextSibling);
      index -= 1;
    } else if (direction === "down" && index < rows.length - 1) {
      list.insertBefore(rows[index + 1], row);
      index += 1;
    } else {
      return;
    }
    renumber(list);
    announce(rowNews(section, direction, index + 1));
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("button") : null;
    if (!button || button.disabled || !button.closest("[data-recipe-editor]")) return;
    var section = button.getAttribute("data-add");
    if (section) {
      event.preventDefault();
      addRow(section);
      return;
    }
    var row = button.closest("[data-row]");
    var list = row && row.parentElement;
    if (!list || !list.hasAttribute("data-rows")) return;
    if (button.hasAttribute("data-remove")) {
      event.preventDefault();
      removeRow(row, list);
    } else if (button.hasAttribute("data-move")) {
      event.preventDefault();
      moveRow(row, list, button.getAttribute("data-move"));
    }
  });

  // Several lines pasted into a step or an ingredient box become one row a line, as the server splits them when
  // the form is sent without the script (IngredientLine): "1.", "1)", "-", "•" and "*" go, and an ingredient's
  // leading quantity ("2-3", "1 1/2", "½") or amount in words ("a pinch" of …) goes to its Quantity box.
  function withoutMarker(line) {
    var text = line.trim();
    var numbered = /^(\d{1,3})[.)](?!\d)\s*([\s\S]*)$/.exec(text);
    if (numbered) return numbered[2].trim();
    if (/^\d/.test(text)) return text;
    var bullet = /^[•·◦▪●○‣]\s*([\s\S]*)$/.exec(text) || /^[-*–—](?:\s+|$)([\s\S]*)$/.exec(text);
    return bullet ? bullet[1].trim() : text;
  }

  var glyphs = "¼½¾⅓⅔⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞";
  var aNumber = "(?:\\d+\\s+\\d+/\\d+|\\d+/\\d+|\\d*\\s?[" + glyphs + "]|\\d+(?:[.,]\\d+)?|[.,]\\d+)";
  var leadingAmount = new RegExp(
    "^(" + aNumber + "(?:\\s*[-–—~〜]\\s*" + aNumber + "|\\s+(?:to|a|à|bis)\\s+" + aNumber + ")?)(?![\\d/.,])\\s*(.*)$"
  );

  function isAmountWords(text, list) {
    var known = (list.getAttribute("data-amount-words") || "").split("|").map(function (part) {
      return part ? part.split(" ") : [];
    });
    if (!text || text.length > 40 || /\d/.test(text)) return false;
    var words = text.toLowerCase().split(/\s+/);
    if (words.some(function (word) { return known[0] && known[0].indexOf(word) >= 0; })) return true;
    if ((known[1] || []).some(function (phrase) { return phrase && text.indexOf(phrase) >= 0; })) return true;
    return words.length >= 2 && (known[2] || []).indexOf(words[0]) >= 0;
  }

  // [quantity box text, description] for one pasted ingredient line.
  function splitIngredient(line, list) {
    var text = line.replace(/\s+/g, " ");
    var number = leadingAmount.exec(text);
    if (number && number[2]) return [number[1], number[2]];
    var words = /^((?:\S+ ){0,3}\S+?) (?:of|de|do|da|del) (.+)$/.exec(text) || /^((?:\S+ ){0,3}\S+?) d['’](.+)$/.exec(text);
    if (words && isAmountWords(words[1], list)) return [words[1], words[2]];
    return ["", text];
  }

  function fillRow(row, section, line, list, keepQuantity) {
    if (section === "step") {
      var step = row.querySelector("textarea");
      if (step) step.value = line;
      return;
    }
    var quantity = row.querySelector('input[name$="-quantity"]');
    var description = row.querySelector('input[name$="-description"]');
    if (keepQuantity) {
      description.value = line;
      return;
    }
    var parts = splitIngredient(line, list);
    quantity.value = parts[0];
    description.value = parts[1];
  }

  document.addEventListener("paste", function (event) {
    var box = event.target;
    if (!box || !box.closest || !box.closest("[data-recipe-editor]")) return;
    var row = box.closest("[data-row]");
    var list = row && row.parentElement;
    var section = list && list.getAttribute("data-rows");
    if (section !== "step" && section !== "ingredient") return;
    var clipboard = event.clipboardData || window.clipboardData;
    var text = clipboard ? clipboard.getData("text") : "";
    var lines = text.split(/\r\n|\r|\n/).map(withoutMarker).filter(function (line) {
      return line !== "";
    });
    if (lines.length < 2) return;
    event.preventDefault();
    var limit = Number(list.getAttribute("data-limit"));
    var quantity = row.querySelector('input[name$="-quantity"]');
    var keepQuantity = section === "ingredient" && box !== quantity && quantity && quantity.value.trim() !== "";
    var current = row;
    lines.forEach(function (line, index) {
      var target = current;
      if (index > 0) {
        if (rowsOf(list).length >= limit) return;
        target = blankRow(list);
        list.insertBefore(target, current.nextSibling);
      }
      fillRow(target, section, line, list, index === 0 && keepQuantity);
      current = target;
    });
    renumber(list);
    announce(say("js.paste.split"));
  });
})();

(function () {
  // Typed work is never lost. Leaving the recipe editor by Previous, Next or "Undo my changes" with changes not saved asks
  // in a dialog (without JavaScript the server asks on a page of its own), and the browser's own reload, back or
  // close warns while there are changes — but not once the form is being sent.
  var form = document.querySelector("form[data-recipe-editor]");
  if (!form) return;
  var dialog = document.querySelector("[data-leave-dialog]");
  var rowField = /^(ingredient|side|nutrition|step)-(\d+)(-[a-z]+)?$/;

  // The form's values as a save reads them: text trimmed, empty rows left out, rows in their order, the CSRF
  // token ignored — so adding an empty row or a stray space is not a change, and moving a row is.
  function snapshot() {
    var plain = [];
    var rows = {};
    new FormData(form).forEach(function (value, name) {
      if (name === "_csrf") return;
      // A chosen photo is a change; an empty file box is not.
      if (typeof value !== "string") {
        if (value && value.size) plain.push(name + "=" + value.name + ":" + value.size);
        return;
      }
      var text = value.trim();
      var match = rowField.exec(name);
      if (!match) {
        plain.push(name + "=" + text);
        return;
      }
      var key = match[1] + "-" + match[2];
      var row = rows[key] || (rows[key] = { section: match[1], index: Number(match[2]), cells: [], filled: false });
      row.cells.push((match[3] || "") + "=" + text);
      if (text !== "") row.filled = true;
    });
    var kept = Object.keys(rows)
      .map(function (key) {
        return rows[key];
      })
      .filter(function (row) {
        return row.filled;
      })
      .sort(function (a, b) {
        return a.section < b.section ? -1 : a.section > b.section ? 1 : a.index - b.index;
      })
      .map(function (row) {
        return row.section + ":" + row.cells.sort().join("&");
      });
    return plain.sort().concat(kept).join("\n");
  }

  var initial = snapshot();
  var leaving = false;
  var pressed = null;

  // A form shown again by the server (after a problem, or a row button without the script) may hold changes
  // already: it says so with data-unsaved.
  function hasChanges() {
    return form.hasAttribute("data-unsaved") || snapshot() !== initial;
  }

  form.addEventListener("submit", function () {
    leaving = true;
  });
  window.addEventListener("pageshow", function () {
    leaving = false;
  });
  window.addEventListener("beforeunload", function (event) {
    if (leaving || !hasChanges()) return;
    event.preventDefault();
    event.returnValue = "";
  });

  if (!dialog || typeof dialog.showModal !== "function") return;

  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("button[data-leave]") : null;
    if (!button || !hasChanges()) return;
    event.preventDefault();
    pressed = button;
    dialog.showModal();
  });

  dialog.addEventListener("click", function (event) {
    var choice = event.target.closest ? event.target.closest("[data-leave-choice]") : null;
    if (!choice || !pressed) return;
    var target = pressed.value;
    switch (choice.getAttribute("data-leave-choice")) {
      case "save":
        // The editor's own "Update recipe", told where to go once saved.
        var field = form.querySelector('input[type="hidden"][name="leave-to"]') || document.createElement("input");
        field.type = "hidden";
        field.name = "leave-to";
        field.value = target;
        form.appendChild(field);
        leaving = true;
        form.action = dialog.getAttribute("data-save-action");
        form.submit();
        break;
      case "discard":
        leaving = true;
        window.location.assign(target);
        break;
      default:
        dialog.close();
    }
  });

  // Stay, Escape or a closed dialog: back to the button that asked, everything typed as it was.
  dialog.addEventListener("close", function () {
    if (pressed && !leaving) pressed.focus();
    if (!leaving) pressed = null;
  });
})();

(function () {
  // The book form's checkbox lists: the "Find" box (which without a script narrows the list on the server with its
  // button) hides, as you type, the authors or publishers whose names do not hold every typed word, the way every
  // search box of Parsnip finds them: words by their beginning, in any order, ignoring case, accents and ligatures.
  // Ticked boxes stay in sight, as the server keeps them; the button and its hint are not needed then.
  var ligatures = { "œ": "oe", "æ": "ae", "ß": "ss", "ø": "o", "đ": "d", "ł": "l", "þ": "th", "ð": "d" };

  function words(text) {
    var plain = text
      .toLowerCase()
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[œæßøđłþð]/g, function (letter) {
        return ligatures[letter];
      });
    return plain.split(/[^\p{L}\p{N}]+/u).filter(function (word) {
      return word !== "";
    });
  }

  function holds(name, wanted) {
    var nameWords = words(name);
    return wanted.every(function (typed) {
      return nameWords.some(function (word) {
        return word.indexOf(typed) === 0;
      });
    });
  }

  document.querySelectorAll("[data-filter-box]").forEach(function (box) {
    var input = box.querySelector("[data-filter-input]");
    var list = input && document.getElementById(input.getAttribute("data-filter-input"));
    var empty = box.querySelector("[data-filter-empty]");
    if (!list) return;
    box.querySelectorAll("[data-find-button], [data-find-hint]").forEach(function (element) {
      element.hidden = true;
    });
    input.removeAttribute("aria-describedby");
    function apply() {
      var wanted = words(input.value);
      var shown = 0;
      Array.prototype.forEach.call(list.children, function (item) {
        var ticked = item.querySelector("input:checked") !== null;
        var match = wanted.length === 0 || holds(item.textContent, wanted);
        item.hidden = !match && !ticked;
        if (match && !ticked) shown += 1;
      });
      if (empty) empty.hidden = wanted.length === 0 || shown > 0;
    }
    // The list is narrowed here as the person types, so the server must not narrow it again on Save.
    var shownWords = box.querySelector("[data-filter-shown]");
    input.addEventListener("input", function () {
      if (shownWords) shownWords.value = input.value;
      apply();
    });
    // Enter in the filter box filters; it must not send the form.
    input.addEventListener("keydown", function (event) {
      if (event.key === "Enter") event.preventDefault();
    });
    apply();
  });
})();

// The to-do list changes without a reload: a tick or a quick add is sent in the background, then the list as the
// server now has it is put in place of the one shown — exactly what a reload would show (groups, counts, the Done
// section) — and the focus goes back where the person was. If anything goes wrong the form is sent the ordinary
// way, so the person sees the server's own page and nothing is lost.
document.addEventListener("DOMContentLoaded", function () {
  var status = document.getElementById("tick-status");
  var content = document.getElementById("todo-list-content");

  function announce(text) {
    if (status && text) status.textContent = text;
  }

  // Puts the list of `doc` (a page the server sent) in place of this one, with its message above it.
  function showList(doc) {
    var fresh = doc.getElementById("todo-list-content");
    if (!content || !fresh) throw new Error("no list");
    content.innerHTML = fresh.innerHTML;
    var main = document.getElementById("main");
    document.querySelectorAll("#main > .flash").forEach(function (old) {
      old.remove();
    });
    var flash = doc.querySelector("#main > .flash");
    if (main && flash) main.insertBefore(document.importNode(flash, true), main.querySelector(".todo-list-page"));
    return flash ? flash.querySelector("p").textContent : "";
  }

  function read(response) {
    if (!response.ok) throw new Error("not read");
    return response.text().then(function (html) {
      return new DOMParser().parseFromString(html, "text/html");
    });
  }

  // A tick: the to-do changes, then the list is read again; the focus goes to the same to-do's button (or, when
  // it left this page, to the list's heading).
  function tick(form) {
    var action = form.getAttribute("action");
    var body = new URLSearchParams(new FormData(form));
    return fetch(form.action, {
      method: "POST",
      body: body,
      headers: { Accept: "application/json" },
      credentials: "same-origin",
    })
      .then(function (response) {
        if (!response.ok) throw new Error("not saved");
        return response.json();
      })
      .then(function (answer) {
        if (!content) {
          // The to-do's own page: its button and its state change.
          var button = form.querySelector(".tick");
          button.setAttribute("aria-pressed", answer.done ? "true" : "false");
          form.querySelector('input[name="done"]').value = answer.done ? "0" : "1";
          var page = form.closest(".todo-page");
          if (page) page.classList.toggle("todo-done", answer.done);
          var state = document.querySelector(".todo-state-text");
          if (state) state.textContent = answer.done ? say("js.todo.doneToday") : say("js.todo.toDo");
          announce(answer.message);
          delete form.dataset.sending;
          return;
        }
        return fetch(window.location.href, { credentials: "same-origin", headers: { Accept: "text/html" } })
          .then(read)
          .then(function (doc) {
            showList(doc);
            var again = content.querySelector('form.tick-form[action="' + action + '"] .tick');
            (again || document.querySelector(".todo-list-page h1")).focus();
            announce(answer.message);
          })
          .catch(function () {
            // Saved, but the list could not be read again: a reload shows it (sending the form again must not).
            window.location.reload();
          });
      });
  }

  // A quick add: the server answers with the list it sends the person back to; the box is ready for the next.
  function quickAdd(form) {
    return fetch(form.action, {
      method: "POST",
      body: new URLSearchParams(new FormData(form)),
      headers: { Accept: "text/html" },
      credentials: "same-origin",
    }).then(function (response) {
      // Anything but the list (the whole form with a problem to put right) is shown the ordinary way.
      if (!response.redirected) throw new Error("not added");
      return read(response)
        .then(function (doc) {
          var message = showList(doc);
          var box = document.getElementById("quick-title");
          if (box) box.focus();
          announce(message);
        })
        .catch(function () {
          // Added, but the list could not be shown: go to it (sending the form again would add it twice).
          window.location.assign(response.url);
        });
    });
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement) || !window.fetch || !window.FormData || !window.DOMParser) return;
    var send = form.classList.contains("tick-form") ? tick : form.hasAttribute("data-quick-add") ? quickAdd : null;
    if (!send || form.dataset.sending === "ordinary") return;
    event.preventDefault();
    if (form.dataset.sending) return;
    form.dataset.sending = "1";
    send(form).catch(function () {
      form.dataset.sending = "ordinary";
      form.submit();
    });
  });
});

// The recipe page's Print button: shown only where the script can print; the print style does the rest.
document.addEventListener("DOMContentLoaded", function () {
  document.querySelectorAll("[data-print]").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () {
      window.print();
    });
  });
});

(function () {
  // A photo chosen in the recipe editor: a small square version for the list is made here and sent beside it, and
  // a photo over 5 MB is sent as a smaller JPEG instead. Without the script the photo is sent as chosen (the server
  // refuses one over 5 MB in words) and the list shows it scaled down.
  var input = document.querySelector("input[data-photo-input]");
  var small = document.querySelector("input[data-photo-preview]");
  if (!input || !small || !window.createImageBitmap || !window.DataTransfer) return;
  var limit = 5 * 1024 * 1024;

  function asFile(canvas, name, quality) {
    return new Promise(function (resolve) {
      canvas.toBlob(
        function (blob) {
          resolve(blob ? new File([blob], name, { type: "image/jpeg" }) : null);
        },
        "image/jpeg",
        quality
      );
    });
  }

  function files(list) {
    var transfer = new DataTransfer();
    list.forEach(function (file) {
      transfer.items.add(file);
    });
    return transfer.files;
  }

  input.addEventListener("change", function () {
    small.files = files([]);
    var file = input.files && input.files[0];
    if (!file || !/^image\/(jpeg|png|webp)$/.test(file.type)) return;
    createImageBitmap(file)
      .then(function (bitmap) {
        var side = Math.min(bitmap.width, bitmap.height);
        var thumb = document.createElement("canvas");
        thumb.width = thumb.height = 160;
        thumb
          .getContext("2d")
          .drawImage(bitmap, (bitmap.width - side) / 2, (bitmap.height - side) / 2, side, side, 0, 0, 160, 160);
        var jobs = [asFile(thumb, "small.jpg", 0.8)];
        if (file.size > limit) {
          var scale = Math.min(1, 2560 / Math.max(bitmap.width, bitmap.height));
          var whole = document.createElement("canvas");
          whole.width = Math.round(bitmap.width * scale);
          whole.height = Math.round(bitmap.height * scale);
          whole.getContext("2d").drawImage(bitmap, 0, 0, whole.width, whole.height);
          jobs.push(asFile(whole, file.name.replace(/\.[^.]*$/, "") + ".jpg", 0.85));
        }
        return Promise.all(jobs);
      })
      .then(function (made) {
        if (made[0]) small.files = files([made[0]]);
        if (made[1] && made[1].size <= limit) input.files = files([made[1]]);
      })
      .catch(function () {
        // Not an image the browser can draw: the server says what is wrong with it.
      });
  });
})();

// The recipe page's Scale button: the ingredients (and the to-do list form) are scaled in place, the page stays where
// it is and its address says the servings; without the script the form asks for the scaled page, at #ingredients.
document.addEventListener("submit", function (event) {
  var form = event.target;
  if (!form.hasAttribute || !form.hasAttribute("data-scaler") || !window.fetch || !window.DOMParser) return;
  event.preventDefault();
  var url = form.action.split("#")[0] + "?" + new URLSearchParams(new FormData(form)).toString();
  fetch(url, { credentials: "same-origin" })
    .then(function (response) {
      return response.ok ? response.text() : Promise.reject(new Error(String(response.status)));
    })
    .then(function (html) {
      var fresh = new DOMParser().parseFromString(html, "text/html");
      var part = fresh.querySelector("[data-scaled-part]");
      var old = document.querySelector("[data-scaled-part]");
      if (!part || !old) throw new Error("no ingredients");
      old.parentNode.replaceChild(document.importNode(part, true), old);
      var cook = fresh.querySelector("[data-cook-link]");
      var link = document.querySelector("[data-cook-link]");
      if (cook && link) link.setAttribute("href", cook.getAttribute("href"));
      window.history.replaceState(null, "", url + "#ingredients");
      var heading = document.getElementById("ingredients");
      if (heading) heading.focus();
    })
    .catch(function () {
      form.submit();
    });
});

// Cook mode keeps the screen on where the browser allows it (the Screen Wake Lock API), and again after the page
// was hidden; where it does not, nothing is said and nothing breaks.
document.addEventListener("DOMContentLoaded", function () {
  var cook = document.querySelector("[data-wake-lock]");
  if (!cook || !navigator.wakeLock || typeof navigator.wakeLock.request !== "function") return;
  var note = cook.querySelector("[data-wake-note]");
  function keepOn() {
    navigator.wakeLock
      .request("screen")
      .then(function () {
        if (note) note.hidden = false;
      })
      .catch(function () {});
  }
  keepOn();
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") keepOn();
  });
});
