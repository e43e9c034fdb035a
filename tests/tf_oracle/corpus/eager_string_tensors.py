# mode: eager
# checks: string tensors hold bytes: printing, .numpy(), gather / reshape / slicing / concat / stack / tile of strings, a dataset of strings batched
import tensorflow as tf

letters = tf.constant(list("abcdef"))
print(letters)
print(letters.numpy(), letters[0].numpy())
print(tf.gather(letters, indices=[5, 0, 2]))
grid = tf.reshape(letters, [2, 3])
print(grid)
print(grid[:, 1:], tf.transpose(grid))
print(tf.concat([letters[:2], tf.constant(["x", "yz"])], axis=0))
print(tf.stack([letters[:2], letters[-2:]], axis=1))
print(tf.tile(tf.constant(["ab"]), [3]))
print(tf.constant("Hello") + " world", tf.constant("héllo"))
ds = tf.data.Dataset.from_tensor_slices(["one", "two", "three"])
for item in ds:
    print(item)
for batch in ds.batch(2):
    print(batch)
