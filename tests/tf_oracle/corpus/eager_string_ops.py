# mode: eager
# checks: eager string tensors: printing, .numpy() bytes, repr, Add / + concatenation, equal, tf.strings ops, as_string / to_number, format, tf.print of strings (alone, among others, summarised), string variables
import sys
import tensorflow as tf

hi = tf.constant("hi")
print(hi, hi.numpy(), repr(tf.constant(["a", "é"])))
words = tf.constant([["ab", "Cé"], ["x", "yz"]])
print(words + "!", "<" + words[0], tf.add(words, words))
print(tf.equal(words, "x"), words != "ab", tf.strings.length(words), tf.strings.length(words, unit="UTF8_CHAR"))
print(tf.strings.join([words, "x", words], separator="/"), tf.strings.upper(words), tf.strings.lower(words))
print(tf.strings.reduce_join(words, axis=1, separator=","), tf.strings.reduce_join(words))
print(tf.as_string(tf.constant([1.5, -2.0])), tf.as_string([3, 14], width=3, fill="0"))
print(tf.as_string(tf.constant(3.14159), scientific=True), tf.as_string(2.5, shortest=True))
print(tf.strings.to_number(["1.5", "-2", "1e3"]), tf.strings.to_number(["7"], out_type=tf.int64))
print(tf.strings.format("v={} w={}", [tf.constant([1, 2, 3, 4, 5, 6, 7]), hi], summarize=2))
print(tf.strings.split("a b  c"), tf.strings.split("a,b,,c", sep=","), tf.strings.strip(" pad "))
print(tf.strings.substr("hello", 1, 3), tf.strings.regex_replace("aaa bbb", "a+", "X"))
tf.print(hi, output_stream=sys.stdout)
tf.print("words:", words, hi, output_stream=sys.stdout)
tf.print(tf.constant([str(k) for k in range(10)]), output_stream=sys.stdout)
v = tf.Variable(["a", "b"])
v.assign(v + "c")
print(v, v.numpy(), [tf.constant("in list")])
print(tf.zeros([2], tf.string), tf.fill([2], "f"), tf.where([True, False], words[0], "no"))
print(tf.reshape(words, [4]), tf.stack([hi, hi]), tf.concat([words, words], axis=1)[1])
