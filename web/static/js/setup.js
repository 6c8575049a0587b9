// The new-match form, built from what the server says it plays: `GET /variants` (each
// variant's options with their types, choices, bounds and defaults, and its words in the
// page's language) and
// `GET /house-rules` (each with the variants it applies to) and `GET /bots`. Nothing of
// it is written into the page, so a server with another variant, house rule or bot
// shows it as well.
//
// A bot is chosen for each seat but the person's, from the seats and teams
// `GET /variants` lists for each variant: those of its default options, and in
// `seatings` those of each value of an option that changes them (Scopa's players), so
// the seats follow the options chosen. "Play with friends" asks instead who plays
// each seat, a person or a bot (friends.js). A house rule chosen shows its own
// options, sent as `<house rule>.<option>`.

import {get} from "./api.js";
import {element} from "./dom.js";
import {botsFor, DEFAULT_BOT, noteBots} from "./bots.js";
import {offerSeats, readFriends, showSeats} from "./friends.js";
import {t} from "./i18n.js";
import {botWords, offerBots, optionDescription, optionTitle, places, useWords, valueName,
        whereWords} from "./words.js";

/** The bots' seats of a table, partners first, then opponents in turn order, each with
 * its label: at Foraccio's, "Your partner (opposite)", "Opponent on your right",
 * "Opponent on your left". */
function botSeats(where) {
  const others = where.shown.filter((seat) => seat !== 0)
    .sort((a, b) => (where.teamOf[a] !== where.mine) - (where.teamOf[b] !== where.mine) || a - b);
  return others.map((seat) => [seat, t(where.teamOf[seat] === where.mine ? "setup.bot.partner" : "setup.bot.opponent",
                                       {where: whereWords(seat, where)})]);
}

/** A small number in words ("two", "due"), a larger one in figures. */
const numberWords = (count) => (count >= 2 && count <= 5 ? t(`number.${count}`) : String(count));

/** Who plays against whom: "You sit at the bottom with a bot partner opposite you,
 * against two bots. ..." */
function introWords(where) {
  const mine = where.members[where.mine];
  const partners = mine.filter((seat) => seat !== 0);
  const opponents = where.seats.length - mine.length;
  const alone = where.members.length > 2 && where.members.every((team) => team.length === 1);
  const company = partners.length === 0 ? t("setup.intro.alone")
    : partners.length === 1 ? t(`setup.intro.partner.${where.positions[partners[0]]}`)
    : t("setup.intro.partners", {count: partners.length, number: numberWords(partners.length)});
  const against = t(alone ? "setup.intro.against_each" : "setup.intro.against",
                    {count: opponents, number: numberWords(opponents)});
  const goal = t(partners.length ? "setup.intro.goal_teams" : "setup.intro.goal");
  return t("setup.intro", {company, against, goal});
}

/** The field of `option`, its id `option-` and `idName` (its name by default: a house
 * rule's option is named `<house rule>.<option>`, and an id with a dot is no selector),
 * labelled by the option's own name, its values and description in `words` (its
 * variant's or house rule's, as the server says them). */
function optionField(option, words, idName = option.name) {
  const id = `option-${idName}`;
  let input;
  if (option.type === "bool") {
    input = element("input", {type: "checkbox", id, name: option.name, checked: option.default === true});
  } else if (option.choices) {
    input = element("select", {id, name: option.name},
                    option.choices.map((choice) => element("option", {
                      value: choice, text: valueName(option.name, choice, words),
                      selected: choice === option.default})));
  } else if (option.type === "int") {
    input = element("input", {type: "number", id, name: option.name, value: option.default, step: 1,
                              min: option.minimum, max: option.maximum, required: true});
  } else {
    input = element("input", {type: "text", id, name: option.name, value: option.default});
  }
  input.dataset.type = option.type;
  const hint = element("small", {id: `${id}-hint`, text: optionDescription(option, words)});
  input.setAttribute("aria-describedby", hint.id);
  const label = element("label", {for: id, text: optionTitle(option, words)});
  return element("div", {class: `field field-${option.type}`}, [label, input, hint]);
}

/** A house rule's checkbox, and its options' fields, shown (and sent, and checked)
 * while it is chosen. Its title is the server's, as every table shows it; its name,
 * which the terminal and the lab take, is only its title's tooltip: a player reads
 * words, not codes. */
function ruleField(rule) {
  const id = `house-rule-${rule.name}`;
  const hint = element("small", {id: `${id}-hint`, text: rule.words?.description ?? rule.description});
  const box = element("input", {type: "checkbox", id, name: "house_rule", value: rule.name,
                                "aria-describedby": hint.id});
  const options = element("fieldset", {id: `${id}-options`, class: "rule-options", hidden: true, disabled: true},
                          rule.options.map((option) => optionField(option, rule.words, option.name.replace(".", "-"))));
  box.addEventListener("change", () => { options.hidden = options.disabled = !box.checked; });
  return element("div", {class: "house-rule"}, [
    element("div", {class: "field field-bool"}, [element("label", {for: id, title: rule.name,
                                                                   text: rule.words?.title ?? rule.title}),
                                                  box, hint]),
    ...(rule.options.length ? [options] : []),
  ]);
}

/** The value of `option`'s field. */
function valueOf(form, option) {
  const input = form.elements.namedItem(option.name);
  return option.type === "bool" ? input.checked : option.type === "int" ? Number(input.value) : input.value;
}

/** The form's options: the variant's and those of the house rules chosen, only those
 * that differ from their defaults. */
function readOptions(form, variant, rules) {
  const chosen = rules.filter((rule) => form.querySelector(`#${CSS.escape(`house-rule-${rule.name}`)}`)?.checked);
  const options = {};
  for (const option of [...variant.options, ...chosen.flatMap((rule) => rule.options)]) {
    const value = valueOf(form, option);
    if (value !== option.default) options[option.name] = value;
  }
  return options;
}

/** The teams of `variant` with the options the form shows: those `seatings` lists for
 * the values chosen, or the default options' when it lists none for them. */
function teamsOf(form, variant) {
  const found = (variant.seatings ?? []).find((listed) => Object.entries(listed.options)
    .every(([name, value]) => valueOf(form, variant.options.find((o) => o.name === name)) === value));
  return found ? found.teams : variant.teams;
}

/** Show the fields of the mode chosen: against bots, or with friends. */
function showMode(form) {
  const friends = form.elements.namedItem("mode").value === "friends";
  for (const id of ["#bots", "#bots-note"]) form.querySelector(id).hidden = friends;
  for (const id of ["#seats", "#room-options", "#friends-note"]) form.querySelector(id).hidden = !friends;
  document.querySelector("#setup-intro").hidden = friends;
  form.querySelector("#more-summary").textContent = t(friends ? "setup.more.friends" : "setup.more.bots");
  form.querySelector("#start").textContent = t(friends ? "setup.make_room" : "setup.deal");
}

/** Fill the form in `form` and call `onStart(setup)` when the person starts a match:
 * `setup.mode` is "bots" or "friends" (then with what `readFriends` reads).
 * `#bots[data-seats]` says how many seats the bot fields are for. */
export async function buildSetup(form, onStart) {
  const [{variants}, {house_rules: rules}, {bots: listed}] = await Promise.all(
    [get("/variants"), get("/house-rules"), get("/bots")]);
  offerBots(listed);
  noteBots(listed);
  useWords(variants, rules);
  const select = form.querySelector("#variant");
  select.replaceChildren(...variants.map((v) => element("option", {value: v.name, text: v.words?.title ?? v.title})));
  const bots = form.querySelector("#bots");
  let seated = null;  // the seating the bot fields are for
  let seatedFor = null;  // the game the bot fields are for
  const seatBots = (where, variant) => {
    const shape = JSON.stringify(where.members);
    if (seated !== null && JSON.stringify(seated.members) === shape && seatedFor === variant) return;
    seated = where;
    seatedFor = variant;
    const chosen = Object.fromEntries([...bots.querySelectorAll("select")].map((s) => [s.name, s.value]));
    // The bots this game is offered, the default picked unless another was.
    const offered = botsFor(variant);
    const picked = (seat) => offered.some(([name]) => name === chosen[`bot-${seat}`]) ? chosen[`bot-${seat}`] : DEFAULT_BOT;
    bots.replaceChildren(element("legend", {text: t("setup.bots")}), ...botSeats(where).map(([seat, label]) => element("div", {class: "field"}, [
      element("label", {for: `bot-${seat}`, text: label}),
      element("select", {id: `bot-${seat}`, name: `bot-${seat}`},
              offered.map((bot) => element("option", {value: bot[0], text: botWords(bot),
                                                      selected: picked(seat) === bot[0]}))),
    ])));
    bots.dataset.seats = String(where.seats.length);
    document.querySelector("#setup-intro").textContent = introWords(where);
  };
  const current = () => variants.find((v) => v.name === select.value);
  const seat = () => {
    const teams = teamsOf(form, current());
    seatBots(places(teams), current().name);
    showSeats(form, teams, current().name);
  };
  const show = () => {
    const variant = current();
    // The target, unless the description says it already ("first team to 71 wins").
    const description = variant.words?.description ?? variant.description;
    const target = description.includes(String(variant.target)) ? "" : ` ${t("setup.target", {target: variant.target})}`;
    form.querySelector("#variant-description").textContent = description + target;
    form.querySelector("#options").replaceChildren(element("legend", {text: t("setup.options")}),
                                                    ...variant.options.map((option) => optionField(option, variant.words)));
    const fitting = rules.filter((rule) => rule.variants.includes(variant.name));
    const fieldset = form.querySelector("#house-rules");
    fieldset.hidden = fitting.length === 0;
    fieldset.replaceChildren(element("legend", {text: t("setup.house_rules")}), ...fitting.map(ruleField));
    seat();
  };
  select.addEventListener("change", show);
  for (const type of ["change", "input"]) form.querySelector("#options").addEventListener(type, seat);
  show();
  form.querySelector("#mode").addEventListener("change", () => showMode(form));
  form.querySelector("#seats").addEventListener("change", (event) => {
    if (event.target.matches("select.player")) offerSeats(form);
  });
  const clock = form.querySelector("#turn-clock");
  clock.addEventListener("change", () => { form.querySelector("#turn-seconds").disabled = !clock.checked; });
  showMode(form);

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (!form.checkValidity()) {
      form.querySelector("#more").open = true;  // the field to mend may be folded away
      form.reportValidity();
      return;
    }
    const variant = current();
    const options = readOptions(form, variant, rules);
    const mode = form.elements.namedItem("mode").value;
    onStart({
      mode,
      ...(mode === "friends" ? readFriends(form) : {}),
      variant: variant.name,
      options,
      houseRules: [...form.querySelectorAll("input[name=house_rule]:checked")].map((input) => input.value),
      bots: [null, ...seated.seats.slice(1).map((_, index) => form.elements.namedItem(`bot-${index + 1}`)?.value ?? DEFAULT_BOT)],
      target: options.target ?? variant.target,
    });
  });
}
