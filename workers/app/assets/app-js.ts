// The application's one script: a progressive enhancement. Every page works without it;
// with it, "Copy" buttons (hidden otherwise) copy the text of the element they name.
export const APP_JS = `
document.addEventListener("DOMContentLoaded", function () {
  document.querySelectorAll("button[data-copy]").forEach(function (button) {
    var target = document.getElementById(button.getAttribute("data-copy"));
    if (!target || !navigator.clipboard) return;
    var status = document.getElementById(button.getAttribute("data-copy") + "-status");
    button.hidden = false;
    button.addEventListener("click", function () {
      navigator.clipboard.writeText(target.textContent.trim()).then(
        function () { if (status) status.textContent = "Copied."; },
        function () { if (status) status.textContent = "Copy failed: select the text and copy it."; }
      );
    });
  });
});
`;
