// A served page keeps itself up to date: the server says when the game changed
// (/events, server-sent events) and the page fetches its live part again (the board page's
// /board, a phone's /me/part). EventSource reconnects by itself after a sleep or a restart.
// What is being typed in the entry line is kept across a refresh.
(function () {
  "use strict";
  var live = document.getElementById("live");
  function say(text) { if (live) { live.textContent = text; } }
  function refresh() {
    var board = document.getElementById("board");
    if (!board) { return; }
    var part = board.getAttribute("data-part") || "/board";
    fetch(part, { cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        if (response.status === 401) { window.location.assign("/join"); return Promise.reject(401); }
        return response.ok ? response.text() : Promise.reject(response.status);
      })
      .then(function (html) {
        var typing = document.getElementById("entry");
        var text = typing ? typing.value : "";
        var focused = typing && document.activeElement === typing;
        var holder = document.createElement("div");
        holder.innerHTML = html; // built by the server, every text escaped
        board.replaceWith(holder.firstElementChild);
        var again = document.getElementById("entry");
        if (again) { again.value = text; if (focused) { again.focus(); } }
        say("live: updates as entries are made");
      })
      .catch(function (why) { if (why !== 401) { say("live: the page could not be read; retrying"); } });
  }
  var events = new EventSource("/events");
  events.addEventListener("changed", refresh);
  events.onopen = function () { say("live: updates as entries are made"); refresh(); };
  events.onerror = function () { say("live: reconnecting…"); };
})();
