import { describe, expect, it } from "vitest";
import {
  CHAT_MESSAGES,
  INVITE_EMAIL_REQUIRED,
  ZChatCreate,
  ZChatQuery,
  ZInvitationCreate,
  ZInvitationSignUp,
  ZLogin,
  ZRegister,
} from "../src";
import { messagesOf, parsed } from "./messages";

const SENDER = "5f0c6a4e-8d1b-4c3e-9a2f-1b2c3d4e5f60";

describe("a chat message", () => {
  it("is trimmed, and whitespace alone is no message", () => {
    expect(parsed(ZChatCreate, { employeeId: SENDER, message: "  On my way \n" }).message).toBe("On my way");
    expect(messagesOf(ZChatCreate, { employeeId: SENDER, message: " \n\t " })).toEqual([
      CHAT_MESSAGES.messageRequired,
    ]);
    expect(messagesOf(ZChatCreate, { employeeId: SENDER })).toEqual([CHAT_MESSAGES.messageRequired]);
  });

  it("holds up to 2,000 characters, and says so with the thousands separator", () => {
    expect(messagesOf(ZChatCreate, { employeeId: SENDER, message: "m".repeat(2000) })).toEqual([]);
    expect(messagesOf(ZChatCreate, { employeeId: SENDER, message: "m".repeat(2001) })).toEqual([
      "Message must be 2,000 characters or less",
    ]);
  });

  it("needs no sender (the server decides), and a sender given must be an id", () => {
    expect(messagesOf(ZChatCreate, { message: "Hi" })).toEqual([]);
    expect(messagesOf(ZChatCreate, { employeeId: "Pat", message: "Hi" })).toEqual([
      CHAT_MESSAGES.senderRequired,
    ]);
  });

  it("is polled after a message id, never after anything else", () => {
    expect(messagesOf(ZChatQuery, { after: SENDER })).toEqual([]);
    expect(messagesOf(ZChatQuery, { after: "42" })).toEqual(["after must be a message id"]);
  });
});

describe("an invitation", () => {
  it("is for one trimmed, lower-case address, as an employee unless told otherwise", () => {
    expect(parsed(ZInvitationCreate, { email: "  Mia@Example.TEST " })).toEqual({
      email: "mia@example.test",
      role: "employee",
    });
  });

  it("may name the roster employee the new member will be", () => {
    expect(parsed(ZInvitationCreate, { email: "a@b.test", employeeId: SENDER }).employeeId).toBe(SENDER);
    expect(parsed(ZInvitationCreate, { email: "a@b.test", employeeId: null }).employeeId).toBeNull();
    expect(messagesOf(ZInvitationCreate, { email: "a@b.test", employeeId: "Pat" })).toEqual([
      "Employee is not valid",
    ]);
  });

  it("asks for an address when there is none", () => {
    expect(messagesOf(ZInvitationCreate, { email: "" })).toEqual([INVITE_EMAIL_REQUIRED]);
    expect(messagesOf(ZInvitationCreate, { email: "   " })).toEqual([INVITE_EMAIL_REQUIRED]);
    expect(messagesOf(ZInvitationCreate, {})).toEqual([INVITE_EMAIL_REQUIRED]);
    expect(messagesOf(ZInvitationCreate, { email: "mia" })).toEqual(["Invalid email address"]);
  });

  it("never makes an owner", () => {
    expect(messagesOf(ZInvitationCreate, { email: "a@b.test", role: "owner" })).toEqual([
      "Role must be employee or admin",
    ]);
    expect(parsed(ZInvitationCreate, { email: "a@b.test", role: "admin" }).role).toBe("admin");
  });

  it("signs a new person up with the register form's rules", () => {
    const form = { firstName: " Mia ", lastName: "Mailed", password: "12345678" };
    expect(parsed(ZInvitationSignUp, form)).toEqual({ ...form, firstName: "Mia" });
    expect(messagesOf(ZInvitationSignUp, { ...form, password: "1234567" })).toEqual([
      "Password must be at least 8 characters",
    ]);
    expect(messagesOf(ZInvitationSignUp, { ...form, password: "p".repeat(129) })).toEqual([
      "Password must be at most 128 characters",
    ]);
    expect(messagesOf(ZInvitationSignUp, { ...form, lastName: "" })).toEqual(["Last name is required"]);
  });
});

describe("signing up and in", () => {
  it("registers a trimmed, lower-case e-mail", () => {
    const form = {
      email: " Olive@Example.TEST",
      password: "correct-horse-1",
      firstName: "Olive",
      lastName: "Owner",
      companyName: "Flow & Fix",
    };
    expect(parsed(ZRegister, form).email).toBe("olive@example.test");
    expect(messagesOf(ZRegister, { ...form, companyName: "  " })).toEqual(["Company name is required"]);
  });

  it("signs in with any non-empty pair (the route answers Missing credentials otherwise)", () => {
    expect(parsed(ZLogin, { email: " A@B.test ", password: "x" })).toEqual({
      email: "a@b.test",
      password: "x",
    });
    expect(messagesOf(ZLogin, { email: "", password: "x" })).toHaveLength(1);
    expect(messagesOf(ZLogin, { email: "a@b.test" })).toHaveLength(1);
  });
});
