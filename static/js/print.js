// The print page's button: only shown where a script can open the print dialog.
"use strict";
document.querySelectorAll("[data-print]").forEach(function (button) {
  button.hidden = false;
  button.addEventListener("click", function () { window.print(); });
});
