// The board page keeps itself up to date: the server says when the game changed
// (/events, server-sent events) and the page fetches the board again (/board).
// EventSource reconnects by itself after a sleep or a server restart.
(function () {
  "use strict";
  var live = document.getElementById("live");
  function refresh() {
    fetch("/board", { cache: "no-store", credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.text() : Promise.reject(response.status); })
      .then(function (html) {
        var board = document.getElementById("board");
        var holder = document.createElement("div");
        holder.innerHTML = html; // built by the server, every text escaped
        board.replaceWith(holder.firstElementChild);
      })
      .catch(function () { if (live) { live.textContent = "live: the board could not be read; retrying"; } });
  }
  var events = new EventSource("/events");
  events.addEventListener("changed", refresh);
  events.onopen = function () { if (live) { live.textContent = "live: updates as entries are made"; } refresh(); };
  events.onerror = function () { if (live) { live.textContent = "live: reconnecting…"; } };
})();
