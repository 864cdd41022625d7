// @vitest-environment jsdom
import { expect, test } from "vitest";
import { inOpenDialog, isTyping } from "./keyboard";

function render(html: string): HTMLElement {
  document.body.innerHTML = html;
  return document.body;
}
const $ = (selector: string) => document.querySelector(selector);

test("keys in text fields, selects and editors are typing, not shortcuts", () => {
  render(`
    <input id="text"><input id="search" type="search"><textarea id="area"></textarea>
    <select id="select"><option>a</option></select>
    <div contenteditable id="editable"><span id="inside">x</span></div>
    <div class="cm-editor"><div id="gutter"></div></div>
    <div role="textbox" id="aria"></div>`);
  for (const id of ["text", "search", "area", "select", "editable", "inside", "gutter", "aria"]) {
    expect(isTyping($(`#${id}`)), id).toBe(true);
  }
});

test("keys on buttons, links, the page and an uneditable block are free for shortcuts", () => {
  render(`<button id="button">b</button><a id="link" href="/">a</a><p id="para">p</p><div contenteditable="false" id="off"></div>`);
  for (const id of ["button", "link", "para", "off"]) expect(isTyping($(`#${id}`)), id).toBe(false);
  expect(isTyping(document)).toBe(false);
  expect(isTyping(null)).toBe(false);
});

test("a radio button counts as a field unless it is one of the shortcut's own options", () => {
  render(`<input type="radio" id="option" name="o"><input type="checkbox" id="box">`);
  expect(isTyping($("#option"))).toBe(true);
  expect(isTyping($("#option"), { except: "input[type=radio]" })).toBe(false);
  expect(isTyping($("#box"), { except: "input[type=radio]" })).toBe(true);
});

test("keys inside an open dialog are the dialog's; a closed one's are not", () => {
  render(`<dialog open><button id="in-open">x</button></dialog><dialog><button id="in-closed">y</button></dialog><p id="page">p</p>`);
  expect(inOpenDialog($("#in-open"))).toBe(true);
  expect(inOpenDialog($("#in-closed"))).toBe(false);
  expect(inOpenDialog($("#page"))).toBe(false);
  expect(inOpenDialog(null)).toBe(false);
});
