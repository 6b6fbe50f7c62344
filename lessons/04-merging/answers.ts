/** Right answers written differently, and near misses, for the merging exercises (course.test.ts). */
import type { LessonAnswers } from "../../engine/lessons/index.ts";

export const answers: LessonAnswers = {
  patch: {
    right: [
      // The fields in another order, the city's tag and length spelled out.
      { "patch.protoscope": '4:LEN 11 1:LEN 9 "Trondheim"\n3: {"gold"}\n2: 99\n' },
    ],
    nearMisses: [
      // The whole profile sent again with the changes: the tags come back twice.
      { files: { "patch.protoscope": '1: {"Ann"}\n2: 99\n3: {"new"}\n3: {"gold"}\n4: {1: {"Trondheim"} 2: {"Storgata 1"}}\n5: {"ann@example.com"}\n' }, failing: ["reads-as-wanted", "only-changes"], message: /reads tags as \["new","new","gold"\].*a list appends every element it reads/ },
      // The address written out with an empty street, which replaces the stored one.
      { files: { "patch.protoscope": '2: 99\n3: {"gold"}\n4: {1: {"Trondheim"} 2: {""}}\n' }, failing: ["reads-as-wanted"], message: /reads address\.street as unset; it should read "Storgata 1": the patch's address is merged/ },
    ],
  },
  "read-history": {
    right: [{ "answer.txt": 'name = "Bo Berg"\nscore = 7\ntags = [beta, early]\nbadges = 1 2 3\naddress.city: "Malmö"\naddress.street: Stortorget 5\ncontact: email: "bo@example.com"\n' }],
    nearMisses: [
      // Takes the first name read.
      { files: { "answer.txt": "name: Bo\nscore: 7\ntags: beta, early\nbadges: 1, 2, 3\ncity: Malmö\nstreet: Stortorget 5\ncontact: email bo@example.com\n" }, failing: ["values"], message: /answer\.txt:1: name is not `Bo` after the three writes: a later string replaces/ },
      // Treats the second address as replacing the first.
      { files: { "answer.txt": "name: Bo Berg\nscore: 7\ntags: beta, early\nbadges: 1, 2, 3\ncity: Malmö\nstreet: \"\"\ncontact: email bo@example.com\n" }, failing: ["values"], message: /street is not `""` after the three writes: the addresses merge field by field/ },
      // Keeps both members of the oneof in mind and picks the first.
      { files: { "answer.txt": "name: Bo Berg\nscore: 7\ntags: beta, early\nbadges: 1, 2, 3\ncity: Malmö\nstreet: Stortorget 5\ncontact: phone +46 555 0101\n" }, failing: ["values"], message: /contact is not `phone \+46 555 0101`/ },
      // Drops the lone varint 3.
      { files: { "answer.txt": "name: Bo Berg\nscore: 7\ntags: beta, early\nbadges: 1, 2\ncity: Malmö\nstreet: Stortorget 5\ncontact: email bo@example.com\n" }, failing: ["values"], message: /badges is not `1, 2`/ },
    ],
  },
  "mixed-list": {
    right: [{ "badges.protoscope": "7:LEN 4 1 2 150\n7:VARINT 3\n" }],
    nearMisses: [
      // Right values, but all packed.
      { files: { "badges.protoscope": "7: {1 2 150 3}\n" }, failing: ["packed-then-expanded"], message: /field 7 is written as 1 record \(packed\)/ },
      // The lone 3 first: the list reads in another order.
      { files: { "badges.protoscope": "7: 3\n7: {1 2 150}\n" }, failing: ["reads-1-2-150-3", "packed-then-expanded"], message: /badges read \[3, 1, 2, 150\]/ },
    ],
  },
};
