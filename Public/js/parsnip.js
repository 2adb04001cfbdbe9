// Parsnip's one small script. Everything works without it; it only moves focus to the error summary
// for browsers that ignore `autofocus` on non-form elements, so screen readers hear the problem first.
"use strict";
document.addEventListener("DOMContentLoaded", function () {
  var summary = document.querySelector(".error-summary");
  if (summary && document.activeElement !== summary) {
    summary.focus();
  }
});
